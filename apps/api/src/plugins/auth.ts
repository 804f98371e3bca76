import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { authenticate, type User } from '../modules/account/account.service.ts';
import { unauthorized } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user, set by `app.requireUser`. */
    user: User | null;
  }
  interface FastifyInstance {
    /** preHandler for login-required routes: 401 请先登录 unless the token is live. */
    requireUser(req: FastifyRequest): Promise<void>;
  }
}

export const auth = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorate('requireUser', async (req: FastifyRequest) => {
    const user = await authenticate(app.db, req.token);
    if (!user) throw unauthorized();
    req.user = user;
  });
});

/** The user of a route behind `requireUser`. */
export function userOf(req: FastifyRequest): User {
  if (!req.user) throw unauthorized();
  return req.user;
}
