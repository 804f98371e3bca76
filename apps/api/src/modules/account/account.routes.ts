import {
  loginBody,
  profileBody,
  registerBody,
  setPasswordBody,
  tokenData,
  userInfo,
} from '@shop/contract/account';
import { envelope } from '@shop/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../plugins/auth.ts';
import { isOwnUpload, uploadSecret } from '../upload/upload.service.ts';
import { ok } from '../../plugins/envelope.ts';
import {
  changePassword,
  login,
  logout,
  register,
  resetPassword,
  toUserInfo,
  updateProfile,
} from './account.service.ts';

const tags = ['account'];
const security = [{ token: [] }];

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const ttlDays = app.config.tokenTtlDays;
  const uploads = uploadSecret(app.config);

  app.post(
    '/api/front/app/login',
    {
      preHandler: app.authLimits('login'),
      schema: {
        tags,
        summary:
          'Log in with an email or phone and a password; data.token goes in the Authorization header. After 3 failures for an account the captcha fields are required (body code 40001 until they are sent)',
        body: loginBody,
        response: { 200: envelope(tokenData) },
      },
    },
    async (req) =>
      ok(req, await login(app.db, req.body, { ttlDays, captchaDisabled: app.config.captchaDisabled })),
  );

  app.post(
    '/api/front/app/logout',
    {
      schema: {
        tags,
        summary: 'Revoke the token in use (answers the same for any token)',
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await logout(app.db, req.token);
      return ok(req, null);
    },
  );

  app.get(
    '/api/front/user/info',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'The logged-in user (SPEC §3)',
        response: { 200: envelope(userInfo) },
      },
    },
    async (req) => ok(req, toUserInfo(userOf(req))),
  );

  app.post(
    '/api/front/user/info',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Update the profile: nickname, avatar, sex, birthday, name (absent fields are kept)',
        body: profileBody,
        response: { 200: envelope(userInfo) },
      },
    },
    async (req) =>
      ok(
        req,
        // Only one of the user's own uploads (issue 11, finding 10).
        await updateProfile(app.db, userOf(req), req.body, (a) =>
          isOwnUpload(app.config, uploads, userOf(req).id, a),
        ),
      ),
  );

  app.post(
    '/api/front/app/register',
    {
      preHandler: app.authLimits('register'),
      schema: {
        tags,
        summary:
          'Register with an email or phone, the 6-digit code sent to it, and a password (8–128); returns a token',
        body: registerBody,
        response: { 200: envelope(tokenData) },
      },
    },
    async (req) => ok(req, await register(app.db, req.body, ttlDays)),
  );

  app.post(
    '/api/front/app/setPassword',
    {
      preHandler: app.authLimits('password'),
      schema: {
        tags,
        security,
        summary:
          'Change the password ({old_password, password}, logged in; after 3 wrong old passwords the captcha fields are required, body code 40001 until they are sent) or reset it ({account, code, password}, with a reset code); revokes every token and returns a new one',
        body: setPasswordBody,
        response: { 200: envelope(tokenData) },
      },
    },
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
  );
};
