import {
  type EndpointReply,
  type EndpointRequest,
  type EndpointSchema,
  endpointSchemas,
} from '@shop/contract/endpoint-schemas';
import { type EndpointName, endpoints } from '@shop/contract/endpoints';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';

export type EndpointHandler<K extends EndpointName> = (
  req: FastifyRequest<EndpointRequest<K>>,
  reply: FastifyReply,
) => Promise<EndpointReply<K>>;

export interface EndpointOptions {
  /** Runs after validation (and after the login check of `auth: 'user'`): rate limits. */
  preHandler?: preHandlerHookHandler | preHandlerHookHandler[];
}

const TOKEN = [{ token: [] }];

/**
 * Registers one endpoint of the contract's table (`endpoints` + `endpointSchemas`): its method,
 * path, schemas and OpenAPI texts come from there, never from the route file. `auth: 'user'`
 * checks the login before the body (preValidation), so an anonymous call gets 请先登录, never a
 * field error.
 */
export function route<K extends EndpointName>(
  app: FastifyInstance,
  name: K,
  handler: EndpointHandler<K>,
  options: EndpointOptions = {},
): void {
  const { method, path, auth } = endpoints[name];
  const { query, response, ...schema }: EndpointSchema = endpointSchemas[name];
  app.route({
    method,
    url: path,
    ...(auth === 'user' ? { preValidation: app.requireUser } : {}),
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    schema: {
      ...schema,
      ...(auth === 'none' ? {} : { security: TOKEN }),
      ...(query ? { querystring: query } : {}),
      response: { 200: response },
    },
    handler: handler as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
