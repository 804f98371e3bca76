import {
  ADDRESS_MAX,
  address,
  addressIdBody,
  addressListQuery,
  addressPage,
  createAddressBody,
  orderAddress,
  updateAddressBody,
} from '@shop/contract/address';
import { envelope } from '@shop/contract/envelope';
import { orderAddressBody } from '@shop/contract/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import {
  addressList,
  createAddress,
  removeAddress,
  setDefaultAddress,
  setOrderAddress,
  updateAddress,
} from './address.service.ts';

const security = [{ token: [] }];

// Login is checked before the body (preValidation): anonymous calls get 请先登录, never a field error.
export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const tags = ['address'];

  app.get(
    '/api/front/address/list',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        security,
        summary: `Your shipping addresses, the default first (at most ${ADDRESS_MAX})`,
        querystring: addressListQuery,
        response: { 200: envelope(addressPage) },
      },
    },
    async (req) => ok(req, await addressList(app.db, userOf(req), req.query, req.locale)),
  );

  app.post(
    '/api/front/address/create',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        security,
        summary: `Add an address (regions are ids of /region/list: the district in the city, the city in the province). The first one is the default. At most ${ADDRESS_MAX} (409)`,
        body: createAddressBody,
        response: { 200: envelope(address) },
      },
    },
    async (req) => ok(req, await createAddress(app.db, userOf(req), req.body, req.locale)),
  );

  app.post(
    '/api/front/address/update',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          'Change one of your addresses; is_default true makes it the default (the default stays so until another is made the default). Orders keep the copy they have',
        body: updateAddressBody,
        response: { 200: envelope(address) },
      },
    },
    async (req) => ok(req, await updateAddress(app.db, userOf(req), req.body, req.locale)),
  );

  app.post(
    '/api/front/address/remove',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          'Remove one of your addresses; if it was the default, the most recently changed one left becomes it',
        body: addressIdBody,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
    },
    async (req) => ok(req, await removeAddress(app.db, userOf(req), req.body.id)),
  );

  app.post(
    '/api/front/address/default',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Make one of your addresses the default (copied onto new orders of goods that ship)',
        body: addressIdBody,
        response: { 200: envelope(address) },
      },
    },
    async (req) => ok(req, await setDefaultAddress(app.db, userOf(req), req.body.id, req.locale)),
  );

  app.post(
    '/api/front/order/address',
    {
      preValidation: app.requireUser,
      schema: {
        tags: ['order'],
        security,
        summary:
          'Ship one of your unpaid orders to one of your addresses: a copy is put on the order (a later edit of the address does not change it). Only for orders with goods that ship, only before payment',
        body: orderAddressBody,
        response: { 200: envelope(z.object({ address: orderAddress })) },
      },
    },
    async (req) => ok(req, await setOrderAddress(app.db, userOf(req), req.body, req.locale)),
  );
};
