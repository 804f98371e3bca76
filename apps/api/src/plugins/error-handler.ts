import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { parseLocale } from '@shop/domain/locale';
import { AppError } from './errors.ts';
import { type MessageKey, type MessageParams, messageForStatus, translate } from './messages.ts';
import { type RequestPart, validationMessage } from './validation-messages.ts';

/**
 * Every failure leaves as the envelope `{code,msg,data:null}` with a matching HTTP status and a
 * localized msg (ARCHITECTURE.md §4, §6 rule 3). Bad input is always a 4xx; a 5xx never reveals
 * internals (its details go to the log with the request id).
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const { status, key, params, code } = classify(error, req);
    if (status >= 500) req.log.error({ err: error }, 'request failed');
    else req.log.info({ code: error.code ?? key, status }, 'request rejected');
    return sendError(req, reply, status, key, params, code);
  });

  app.setNotFoundHandler(routeNotFound);
}

/**
 * What Fastify's router refuses before any hook runs (a path with a broken percent-escape, an
 * over-long parameter): the envelope too, in the language of the Locale header (issue 11 fuzzer).
 */
export function frameworkError(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  req.locale = parseLocale(req.headers['locale']);
  reply.header('x-request-id', req.id);
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  return sendError(req, reply, status, error.code === 'FST_ERR_BAD_URL' ? 'bad_url' : 'bad_request');
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

function classify(error: FastifyError, req: FastifyRequest): Classified {
  if (error instanceof AppError) {
    return { status: error.status, key: error.key, params: error.params, code: error.code };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    // Worded in the buyer's language with the field's label, never zod's English (issue 11).
    const part = (error.validationContext ?? 'body') as RequestPart;
    const input = { body: req.body, querystring: req.query, headers: req.headers, params: req.params }[part];
    const message = validationMessage(req.locale ?? 'zh-CN', error.validation, {
      part,
      route: req.routeOptions?.url,
      input,
    });
    return { status: 400, key: 'invalid_param', params: { message } };
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
