import { route } from '../../plugins/endpoint.ts';
import type { Readable } from 'node:stream';
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

/**
 * The file's bytes, or a 413 when it is over `maxBytes` (issue 29, decision 057). busboy stops a
 * file at the multipart limit and marks the stream `truncated`; @fastify/multipart's toBuffer()
 * looked at the mark only after a chunk arrived, so a file whose limit fell exactly on a chunk
 * boundary came back as its first 2 MiB, and was stored with a 200. Here the mark is read once the
 * stream has ended (busboy sets it before it ends the stream), and the count is checked as well.
 */
async function readWithin(file: Readable & { truncated?: boolean }, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Keep reading to the end (the request must be drained) but keep nothing past the limit.
    if (size <= maxBytes) chunks.push(chunk);
  }
  if (file.truncated || size > maxBytes) throw tooLarge(maxBytes);
  return Buffer.concat(chunks, size);
}

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
      // readWithin decides: the plugin's own check missed a limit that fell on a chunk boundary.
      throwFileSizeLimit: false,
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
      return ok(
        req,
        await storeLocalUpload(config.dataDir, policy, await readWithin(part.file, policy.max_bytes)),
      );
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
