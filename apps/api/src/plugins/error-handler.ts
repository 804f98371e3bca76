import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';
import { type MessageKey, type MessageParams, messageForStatus, translate } from './messages.ts';

/**
 * Every failure leaves as the envelope `{code,msg,data:null}` with a matching HTTP status and a
 * localized msg (ARCHITECTURE.md §4, §6 rule 3). Bad input is always a 4xx; a 5xx never reveals
 * internals (its details go to the log with the request id).
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const { status, key, params, code } = classify(error);
    if (status >= 500) req.log.error({ err: error }, 'request failed');
    else req.log.info({ code: error.code ?? key, status }, 'request rejected');
    return sendError(req, reply, status, key, params, code);
  });

  app.setNotFoundHandler(routeNotFound);
}

export function routeNotFound(req: FastifyRequest, reply: FastifyReply) {
  return sendError(req, reply, 404, 'route_not_found', { method: req.method, url: req.url.split('?')[0]! });
}

export function sendError(
  req: FastifyRequest,
  reply: FastifyReply,
  status: number,
  key: MessageKey,
  params?: MessageParams,
  code: number = status,
) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ code, msg: translate(req.locale ?? 'zh-CN', key, params), data: null });
}

type Classified = { status: number; key: MessageKey; params?: MessageParams; code?: number };

function classify(error: FastifyError): Classified {
  if (error instanceof AppError) {
    return { status: error.status, key: error.key, params: error.params, code: error.code };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issue = error.validation[0];
    const where = error.validationContext ?? 'body';
    const field = issue?.instancePath ? issue.instancePath.replace(/^\//, '').replace(/\//g, '.') : where;
    return { status: 400, key: 'invalid_param', params: { field, reason: issue?.message ?? '' } };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, key: 'invalid_json' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 415, key: 'unsupported_media_type' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, key: 'payload_too_large' };
  }
  if (error instanceof SyntaxError) return { status: 400, key: 'invalid_json' };
  const status =
    typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600
      ? error.statusCode
      : 500;
  return { status, key: messageForStatus(status) };
}
