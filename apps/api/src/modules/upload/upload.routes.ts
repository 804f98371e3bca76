import multipart from '@fastify/multipart';
import { envelope } from '@shop/contract/envelope';
import { UPLOAD_MAX_BYTES, uploadGrant, uploadResult } from '@shop/contract/upload';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { AppError } from '../../plugins/errors.ts';
import {
  LOCAL_PUBLIC_PREFIX,
  LOCAL_UPLOAD_URL,
  createGrant,
  readLocalUpload,
  storeLocalUpload,
  tooLarge,
  uploadSecret,
  verifyGrant,
} from './upload.service.ts';

const tags = ['upload'];
/** Grants per user per hour: enough to retry, not enough to fill a disk. */
const GRANTS_PER_HOUR = 30;

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const secret = uploadSecret(config);

  app.get(
    '/api/front/oss/getStsToken',
    {
      preHandler: [app.requireUser, app.userLimit('upload', GRANTS_PER_HOUR, 60 * 60_000)],
      schema: {
        tags,
        security: [{ token: [] }],
        summary:
          'A short-lived grant to upload one image (avatar): POST a multipart form to `url` with `fields` in order, then `Content-Type`, then `file` last. Local disk by default, an S3 POST policy when S3_* is configured',
        response: { 200: envelope(uploadGrant) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(req, createGrant(config, secret, userOf(req).id));
    },
  );

  if (config.s3) return;

  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 8, fieldSize: 2048, parts: 10 },
    });

    scope.post(
      LOCAL_UPLOAD_URL,
      {
        schema: {
          tags,
          summary:
            'The local store: takes the multipart form of a grant (key, policy, signature, Content-Type, file). The image type is read from the bytes: PNG, JPEG, WebP or GIF, at most 2 MB',
          consumes: ['multipart/form-data'],
          response: { 200: envelope(uploadResult) },
        },
      },
      async (req) => {
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
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
            throw tooLarge(policy.max_bytes);
          throw error;
        }
        return ok(req, await storeLocalUpload(config.dataDir, policy, bytes));
      },
    );
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
