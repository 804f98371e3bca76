import { adminEndpointSchemas } from '@shop/contract/admin/endpoint-schemas';
import { type AdminEndpointName, adminEndpoints } from '@shop/contract/admin/endpoints';
import { type AdminAccess, mayAccess } from '@shop/domain/admin';
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { authenticateOperator, type Operator, permissionsOf } from '../modules/admin/operator.service.ts';
import type { Actor } from '../modules/audit/audit.service.ts';
import { type EndpointOptions, registerEndpoint, type SchemaHandler } from './endpoint.ts';
import { AppError, unauthorized } from './errors.ts';

// The console's endpoints (issue 14, decision 039): registered from the admin table like the
// buyers' from theirs. Before the request is read, the operator's token is checked (401) and then
// the endpoint's access (403): the API enforces every permission, not only the console.

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in operator, set before the handler of an admin endpoint. */
    operator: Operator | null;
  }
}

/**
 * What an operator on a one-time password may call: their own session (log in, who am I, change the
 * password, log out). Everything else under /api/admin answers 403 until the password is their own
 * (decision 039; issue 29, finding 2: the dashboard, the audit log, upload grants and the second
 * factor's endpoints answered before, as any operator may call them).
 */
export const ONE_TIME_PASSWORD_OPENS = [
  'adminLogin',
  'adminMe',
  'adminPassword',
  'adminLogout',
] as const satisfies readonly AdminEndpointName[];

const OPEN_PATHS = new Set<string>(ONE_TIME_PASSWORD_OPENS.map((name) => adminEndpoints[name].path));
const ADMIN_PREFIX = '/api/admin/';

export const adminAuth = fp(async (app: FastifyInstance) => {
  app.decorateRequest('operator', null);

  // The one place every /api/admin call passes, however its route was registered: the first
  // preValidation of each route under the prefix looks up the operator of the token and refuses a
  // one-time password outside OPEN_PATHS, before the route's own access check and before the
  // request is read. Buyers' routes get nothing added.
  const oneTimePassword: preValidationHookHandler = async (req) => {
    const op = await authenticateOperator(app.db, req.token);
    req.operator = op ?? null;
    if (op?.must_change_password === 1) throw new AppError(403, 'password_change_required');
  };
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(ADMIN_PREFIX) || OPEN_PATHS.has(route.url)) return;
    const own = route.preValidation;
    route.preValidation = [oneTimePassword, ...(own === undefined ? [] : Array.isArray(own) ? own : [own])];
  });
});

function requireOperator(app: FastifyInstance, access: AdminAccess) {
  return async (req: FastifyRequest) => {
    // Looked up already by the one-time password guard, except on the routes it leaves open.
    const op = req.operator ?? (await authenticateOperator(app.db, req.token));
    if (!op) throw unauthorized();
    if (!mayAccess({ role: op.role, permissions: permissionsOf(op) }, access))
      throw new AppError(403, 'forbidden');
    req.operator = op;
  };
}

/** Registers one endpoint of the admin table with its access check. */
export function adminRoute<K extends AdminEndpointName>(
  app: FastifyInstance,
  name: K,
  handler: SchemaHandler<(typeof adminEndpointSchemas)[K]>,
  options: EndpointOptions = {},
): void {
  const endpoint = adminEndpoints[name];
  registerEndpoint(
    app,
    endpoint,
    adminEndpointSchemas[name],
    endpoint.access === 'none' ? undefined : requireOperator(app, endpoint.access),
    handler as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
    options,
  );
}

/** The operator of an admin endpoint behind an access check. */
export function operatorOf(req: FastifyRequest): Operator {
  if (!req.operator) throw unauthorized();
  return req.operator;
}

/** Who the audit log names for this request. */
export function actorOf(req: FastifyRequest): Actor {
  const op = operatorOf(req);
  return { operatorId: op.id, name: op.email, requestId: req.id, ip: req.ip };
}
