import { route } from '../../plugins/endpoint.ts';
import multipart from '@fastify/multipart';
import { UPLOAD_MAX_BYTES } from '@shop/contract/upload';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { AppError } from '../../plugins/errors.ts';
import {
  LOCAL_PUBLIC_PREFIX,
  createGrant,
  readLocalUpload,
  storeLocalUpload,
  tooLarge,
  uploadSecret,
  verifyGrant,
} from './upload.service.ts';

/** Grants per user per hour: enough to retry, not enough to fill a disk. */
const GRANTS_PER_HOUR = 30;

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const secret = uploadSecret(config);

  route(
    app,
    'uploadGrant',
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(req, createGrant(config, secret, userOf(req).id));
    },
    { preHandler: app.userLimit('upload', GRANTS_PER_HOUR, 60 * 60_000) },
  );

  if (config.s3) return;

  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 8, fieldSize: 2048, parts: 10 },
    });

    route(scope, 'upload', async (req) => {
      if (!req.isMultipart()) throw new AppError(415, 'upload_not_multipart');
      const part = await req.file();
      if (!part) throw new AppError(400, 'upload_empty');
      const fields: Record<string, string> = {};
      for (const [name, field] of Object.entries(part.fields)) {
        const value = Array.isArray(field) ? field[0] : field;
        if (value && value.type === 'field' && typeof value.value === 'string') fields[name] = value.value;
      }
      // Check the grant before reading the file: a bad grant never costs a disk write.
      const policy = verifyGrant(secret, fields);
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(policy.max_bytes);
        throw error;
      }
      return ok(req, await storeLocalUpload(config.dataDir, policy, bytes));
    });
  });

  app.get(`${LOCAL_PUBLIC_PREFIX}*`, { schema: { hide: true } }, async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    const found = await readLocalUpload(config.dataDir, key);
    if (!found) throw new AppError(404, 'not_found');
    return reply
      .type(found.type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cross-origin-resource-policy', 'same-origin')
      .send(found.bytes);
  });
};
