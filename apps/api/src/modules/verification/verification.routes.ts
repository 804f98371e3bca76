import { route } from '../../plugins/endpoint.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/envelope.ts';
import { createCaptcha, requestCode } from './verification.service.ts';

export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const captchaDisabled = app.config.captchaDisabled;

  route(
    app,
    'captcha',
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(req, await createCaptcha(app.db));
    },
    { preHandler: app.addressLimit('captcha') },
  );

  route(
    app,
    'sendEmailCode',
    async (req) => {
      await requestCode(
        app.db,
        { channel: 'email', address: req.body.email, ...req.body },
        { captchaDisabled, locale: req.locale },
      );
      void app.jobs.kick('outbox');
      return ok(req, null);
    },
    { preHandler: app.authLimits('code') },
  );

  route(
    app,
    'sendCode',
    async (req) => {
      await requestCode(
        app.db,
        { channel: 'sms', address: req.body.phone, ...req.body },
        { captchaDisabled, locale: req.locale },
      );
      void app.jobs.kick('outbox');
      return ok(req, null);
    },
    { preHandler: app.authLimits('code') },
  );
};
