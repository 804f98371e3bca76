import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { type MessageKey, translate } from './messages.ts';

/**
 * Requests Node's HTTP parser rejects before Fastify sees them (headers over the 16 kB limit, a
 * malformed request line, a client too slow to send its headers) are answered here, with the
 * same `{code,msg,data}` envelope and request id as every other error (ARCHITECTURE.md §4). No
 * header was read, so msg is in the default language.
 */
export function clientErrorHandler(log: FastifyBaseLogger) {
  return (err: NodeJS.ErrnoException, socket: Duplex): void => {
    // A reset connection has nobody left to answer.
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, key]: [number, MessageKey] =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'headers_too_large']
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'request_timeout']
          : [400, 'bad_request'];
    const id = randomUUID();
    log.debug({ err, status, reqId: id }, 'client error');
    if (socket.writable) {
      const body = JSON.stringify({ code: status, msg: translate('zh-CN', key), data: null });
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
          'Content-Type: application/json; charset=utf-8\r\n' +
          `Content-Length: ${Buffer.byteLength(body)}\r\n` +
          `X-Request-Id: ${id}\r\n` +
          'Connection: close\r\n\r\n' +
          body,
      );
    }
    socket.destroy();
  };
}
