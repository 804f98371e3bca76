import {
  type EndpointSchema,
  endpointSchemas,
  type ReplyOf,
  type RequestOf,
} from '@shop/contract/endpoint-schemas';
import { type Endpoint, type EndpointName, endpoints } from '@shop/contract/endpoints';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerHookHandler,
  preValidationHookHandler,
} from 'fastify';

/** The handler of an endpoint whose schemas are `S` (an entry of a contract table). */
export type SchemaHandler<S> = (
  req: FastifyRequest<RequestOf<S>>,
  reply: FastifyReply,
) => Promise<ReplyOf<S>>;
export type EndpointHandler<K extends EndpointName> = SchemaHandler<(typeof endpointSchemas)[K]>;

export interface EndpointOptions {
  /** Runs after validation (and after the login check of `auth: 'user'`): rate limits. */
  preHandler?: preHandlerHookHandler | preHandlerHookHandler[];
}

const TOKEN = [{ token: [] }];

/**
 * Registers one endpoint of a contract table with its schemas: method, path, schemas and OpenAPI
 * texts come from the contract, never from the route file. `preValidation` (the login or permission
 * check) runs before the body is read, so an anonymous call gets 请先登录, never a field error.
 */
export function registerEndpoint(
  app: FastifyInstance,
  endpoint: Endpoint,
  endpointSchema: EndpointSchema,
  preValidation: preValidationHookHandler | undefined,
  handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  options: EndpointOptions,
): void {
  const { query, response, ...schema } = endpointSchema;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(preValidation ? { preValidation } : {}),
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    schema: {
      ...schema,
      ...(endpoint.auth === 'none' ? {} : { security: TOKEN }),
      ...(query ? { querystring: query } : {}),
      response: { 200: response },
    },
    handler,
  });
}

/**
 * Registers one endpoint of the buyers' table (`endpoints` + `endpointSchemas`). `auth: 'user'`
 * checks the login before the body (preValidation).
 */
export function route<K extends EndpointName>(
  app: FastifyInstance,
  name: K,
  handler: EndpointHandler<K>,
  options: EndpointOptions = {},
): void {
  const endpoint = endpoints[name];
  registerEndpoint(
    app,
    endpoint,
    endpointSchemas[name],
    endpoint.auth === 'user' ? app.requireUser : undefined,
    handler as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
    options,
  );
}
