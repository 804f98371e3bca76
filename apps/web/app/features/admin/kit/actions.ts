import { useSyncExternalStore } from 'react';
import { type ClientActionFunctionArgs, useFetcher } from 'react-router';
import { type AdminEndpointName, adminEndpoints } from '@shop/contract/admin/endpoints';
import type { Endpoint } from '@shop/contract/endpoints';
import type { EndpointData, EndpointInput } from '@shop/contract/endpoint-schemas';
import { adminApi, adminQuiet } from './admin-api';

// The console's writes are its routes' clientActions (issue 30, decision 068): a page sends a
// write to its route with a fetcher, the route's action calls the API and React Router then
// reloads every loader of the page, so nothing reloads by hand. A route declares the writes its
// page may make (`adminActions([...])`); the page calls them with `useAdminWrite()`, which resolves
// with the endpoint's data or rejects with the API's refusal, exactly as the client's `call` did —
// the caller shows the same message, pop-up or form error, in the same place.

type Write = { ticket: string; name: AdminEndpointName; input: unknown; quiet: boolean };
type Outcome = { resolve: (data: unknown) => void; reject: (error: unknown) => void };

/** The writes sent and not yet answered, by ticket: the action answers the page that sent it. */
const waiting = new Map<string, Outcome>();
let nextTicket = 0;

const nameOf = new Map<Endpoint, AdminEndpointName>(
  (Object.entries(adminEndpoints) as [AdminEndpointName, Endpoint][]).map(([name, e]) => [e, name]),
);

// How many writes the console made: the audit trails read it, to reload after each one.
let writes = 0;
const listeners = new Set<() => void>();
function wrote() {
  writes += 1;
  for (const listener of listeners) listener();
}

/** The count of writes answered so far (a version: a change history reloads when it moves). */
export function useWriteCount(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => writes,
    () => 0,
  );
}

/**
 * A route's clientAction: the writes its page may make, each called with the operator's token;
 * React Router reloads the page's data after it. `settled` runs on a write's data before that
 * reload (a new session token is kept before the layout asks who is logged in).
 */
export function adminActions(
  allowed: readonly Endpoint[],
  settled?: (endpoint: Endpoint, data: unknown) => void,
) {
  const names = new Set(allowed.map((e) => nameOf.get(e)));
  return async function clientAction({ request }: ClientActionFunctionArgs) {
    const write = (await request.json()) as Write;
    const outcome = waiting.get(write.ticket);
    waiting.delete(write.ticket);
    try {
      if (!names.has(write.name)) throw new Error(`${write.name} is not a write of this page`);
      const client = write.quiet ? adminQuiet : adminApi;
      const endpoint = adminEndpoints[write.name] as Endpoint;
      const data = await client.call(endpoint, write.input as never);
      settled?.(endpoint, data);
      outcome?.resolve(data);
      return { ok: true };
    } catch (error) {
      outcome?.reject(error);
      return { ok: false };
    } finally {
      wrote();
    }
  };
}

type WriteArgs<E extends Endpoint> =
  undefined extends EndpointInput<E> ? [input?: EndpointInput<E>] : [input: EndpointInput<E>];

/**
 * Sends writes to the route's clientAction: `write.call` shows a refusal as a pop-up (the shared
 * client's), `write.quiet` leaves it to the caller (beside its form). A write resolves with the
 * endpoint's data once the page's data is reloaded, or rejects with the API's refusal.
 */
export function useAdminWrite() {
  const fetcher = useFetcher();
  const send =
    (quiet: boolean) =>
    <E extends Endpoint>(endpoint: E, ...[input]: WriteArgs<E>): Promise<EndpointData<E>> => {
      const name = nameOf.get(endpoint);
      if (!name) return Promise.reject(new Error('not a console endpoint'));
      const ticket = `w${(nextTicket += 1)}`;
      const answer = new Promise<EndpointData<E>>((resolve, reject) =>
        waiting.set(ticket, { resolve: resolve as (data: unknown) => void, reject }),
      );
      const write: Write = { ticket, name, input, quiet };
      // The submission settles once the route's data is reloaded: a write resolves after both.
      const submitted = fetcher.submit(write as never, { method: 'post', encType: 'application/json' });
      return answer.then(async (data) => {
        await submitted;
        return data;
      });
    };
  return { call: send(false), quiet: send(true) };
}
