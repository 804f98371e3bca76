import type { Envelope } from '@shop/contract/envelope';
import type { FastifyRequest } from 'fastify';
import { translate } from './messages.ts';

/** The success envelope of ARCHITECTURE.md §4. */
export function ok<T>(req: FastifyRequest, data: T): Envelope<T> {
  return { code: 200, msg: translate(req.locale, 'ok'), data };
}
