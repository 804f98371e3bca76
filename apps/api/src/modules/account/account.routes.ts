import { route } from '../../plugins/endpoint.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/auth.ts';
import { isOwnUpload, uploadSecret } from '../upload/upload.service.ts';
import { ok } from '../../plugins/envelope.ts';
import { buyerLevelInfo } from '../promotions/promotions.service.ts';
import {
  changePassword,
  login,
  logout,
  register,
  resetPassword,
  toUserInfo,
  updateProfile,
} from './account.service.ts';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const ttlDays = app.config.tokenTtlDays;
  const uploads = uploadSecret(app.config);

  route(
    app,
    'login',
    async (req) =>
      ok(req, await login(app.db, req.body, { ttlDays, captchaDisabled: app.config.captchaDisabled })),
    { preHandler: app.authLimits('login') },
  );

  route(app, 'logout', async (req) => {
    await logout(app.db, req.token);
    return ok(req, null);
  });

  route(app, 'userInfo', async (req) =>
    ok(req, toUserInfo(userOf(req), await buyerLevelInfo(app.db, userOf(req).id, req.locale))),
  );

  route(app, 'profileUpdate', async (req) =>
    ok(
      req,
      // Only one of the user's own uploads (issue 11, finding 10).
      await updateProfile(
        app.db,
        userOf(req),
        req.body,
        (a) => isOwnUpload(app.config, uploads, userOf(req).id, a),
        req.locale,
      ),
    ),
  );

  route(app, 'register', async (req) => ok(req, await register(app.db, req.body, ttlDays)), {
    preHandler: app.authLimits('register'),
  });

  route(
    app,
    'setPassword',
    async (req) => {
      const body = req.body;
      if ('old_password' in body) {
        await app.requireUser(req);
        return ok(
          req,
          await changePassword(app.db, userOf(req), body, {
            ttlDays,
            captchaDisabled: app.config.captchaDisabled,
          }),
        );
      }
      return ok(req, await resetPassword(app.db, body, ttlDays));
    },
    { preHandler: app.authLimits('password') },
  );
};
