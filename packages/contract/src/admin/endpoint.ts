// How the admin tables declare an endpoint (issue 14, decision 039). As `../endpoints.ts` for the
// buyers' API, zod-free: the console bundles these strings, a buyer's page never does. `access` is
// who may call it (packages/domain admin.ts); the API answers 401 without an operator's token and
// 403 when the operator lacks the permission, before it reads the request.
import type { AdminAccess } from '@shop/domain/admin';
import type { Endpoint, HttpMethod } from '../endpoints.ts';

export interface AdminEndpoint<M extends HttpMethod = HttpMethod, P extends string = string> extends Endpoint<
  M,
  P
> {
  readonly access: AdminAccess;
}

const make =
  <M extends HttpMethod>(method: M) =>
  <P extends string>(path: P, access: AdminAccess): AdminEndpoint<M, P> => ({
    method,
    path,
    // `user` here means a logged-in operator: the console's client sends the operator's token.
    auth: access === 'none' ? 'none' : 'user',
    access,
  });

export const adminGet = make('GET');
export const adminPost = make('POST');
