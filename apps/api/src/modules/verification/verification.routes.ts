import { captchaData, sendEmailCodeBody, sendSmsCodeBody } from '@shop/contract/account';
import { envelope } from '@shop/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../plugins/envelope.ts';
import { createCaptcha, requestCode } from './verification.service.ts';

const tags = ['account'];

export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const captchaDisabled = app.config.captchaDisabled;

  app.get(
    '/api/front/app/captcha',
    {
      // Each image is a row until the retention sweep (decision 026): bounded per address.
      preHandler: app.addressLimit('captcha'),
      schema: {
        tags,
        summary: 'A new image captcha (valid 5 minutes, one check); RATE_LIMIT_PER_IP a minute per address',
        response: { 200: envelope(captchaData) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(req, await createCaptcha(app.db));
    },
  );

  app.post(
    '/api/front/app/sendEmailcode',
    {
      preHandler: app.authLimits('code'),
      schema: {
        tags,
        summary:
          'Email a 6-digit code (10 minutes, 5 tries, one use) for register, reset or change; needs the captcha',
        body: sendEmailCodeBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await requestCode(
        app.db,
        { channel: 'email', address: req.body.email, ...req.body },
        { captchaDisabled, locale: req.locale },
      );
      void app.jobs.kick('outbox');
      return ok(req, null);
    },
  );

  app.post(
    '/api/front/app/send_code',
    {
      preHandler: app.authLimits('code'),
      schema: {
        tags,
        summary: 'Text a 6-digit code to a phone (same rules as the email code); needs the captcha',
        body: sendSmsCodeBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await requestCode(
        app.db,
        { channel: 'sms', address: req.body.phone, ...req.body },
        { captchaDisabled, locale: req.locale },
      );
      void app.jobs.kick('outbox');
      return ok(req, null);
    },
  );
};
