import { adminEndpointSchemas } from '@shop/contract/admin/endpoint-schemas';
import { type AdminEndpointName, adminEndpoints } from '@shop/contract/admin/endpoints';
import { type AdminAccess, mayAccess } from '@shop/domain/admin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

export const adminAuth = fp(async (app: FastifyInstance) => {
  app.decorateRequest('operator', null);
});

function requireOperator(app: FastifyInstance, access: AdminAccess) {
  return async (req: FastifyRequest) => {
    const op = await authenticateOperator(app.db, req.token);
    if (!op) throw unauthorized();
    if (!mayAccess({ role: op.role, permissions: permissionsOf(op) }, access))
      throw new AppError(403, 'forbidden');
    // A one-time password opens only the operator's own session endpoints until it is replaced:
    // the API holds this line, not only the console's redirect.
    if (op.must_change_password === 1 && access !== 'operator')
      throw new AppError(403, 'password_change_required');
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
