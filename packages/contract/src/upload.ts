// Uploads (issue 4): GET /api/front/oss/getStsToken hands out a short-lived, single-object upload
// grant. The browser then POSTs a multipart form to `url`: every entry of `fields`, in order, then
// the file as `file` (the last part). The same protocol serves the local disk store and an
// S3-compatible bucket (an S3 POST policy), so the client does not care which one is configured.

import { UPLOAD_CONTENT_TYPES } from '@shop/domain/upload';
import { z } from 'zod';

export {
  UPLOAD_CONTENT_TYPES,
  UPLOAD_MAX_BYTES,
  UPLOAD_TTL_MS,
  type UploadContentType,
} from '@shop/domain/upload';

export const uploadGrant = z
  .object({
    provider: z.enum(['local', 's3']),
    url: z.string().describe('Where to POST the multipart form'),
    fields: z
      .record(z.string(), z.string())
      .describe('Form fields to send, in order, before the file; add Content-Type for S3 (see below)'),
    key: z.string().describe('The object key the file will have'),
    public_url: z.string().describe('The address of the file once uploaded (save it as the avatar)'),
    expires_at: z.number().int().describe('Epoch ms after which the grant is refused'),
    max_bytes: z.number().int(),
    content_types: z.array(z.enum(UPLOAD_CONTENT_TYPES)),
  })
  .meta({ id: 'UploadGrant' });
export type UploadGrant = z.infer<typeof uploadGrant>;

/** The local store's answer to the upload POST (S3 answers 204 with no body). */
export const uploadResult = z.object({
  key: z.string(),
  url: z.string(),
  content_type: z.enum(UPLOAD_CONTENT_TYPES),
  size: z.number().int(),
});
