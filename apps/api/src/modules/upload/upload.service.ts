import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  UPLOAD_CONTENT_TYPES,
  UPLOAD_MAX_BYTES,
  UPLOAD_TTL_MS,
  type UploadContentType,
  type UploadGrant,
} from '@shop/contract/upload';
import type { Config } from '../../config.ts';
import { localSecret } from '../../keys.ts';
import { AppError } from '../../plugins/errors.ts';
import { s3PostFields } from './s3-post-policy.ts';

// Avatar uploads (issue 4, decision 016). A grant names one new object; the browser posts the file
// straight to the store, which is the local disk (DATA_DIR/uploads, served at /uploads/) unless an
// S3-compatible bucket is configured. Keys are random and never reused, so a stored file never
// changes and can be cached for a year. A key also names its owner by a MAC (decision 024), so an
// avatar can only be one of the user's own uploads, in either store, with nothing to look up.

export const LOCAL_UPLOAD_URL = '/api/front/oss/upload';
export const LOCAL_PUBLIC_PREFIX = '/uploads/';
/**
 * <folder>/<yyyymm>/<32 hex>: nothing a client could bend into another path. Buyers upload
 * avatars; operators upload catalog and content pictures (issue 14), owned by the operator.
 */
const KEY_PATTERN = /^(avatars|catalog)\/\d{6}\/[0-9a-f]{32}$/;
export type UploadFolder = 'avatars' | 'catalog';
/** The last 16 hex of a key: the MAC of its owner over the rest. */
const OWNER_MAC_HEX = 16;

type LocalPolicy = { key: string; user_id: number; expires_at: number; max_bytes: number };

const sign = (secret: Buffer, policy: string) => createHmac('sha256', secret).update(policy).digest('hex');

/**
 * The key that signs local grants and the owner MAC of every key. Local store: made on first start
 * in DATA_DIR/keys (processes sharing the files share it). S3: derived from the bucket's secret, so
 * processes on several machines agree with nothing more to configure.
 */
export function uploadSecret(config: Config): Buffer {
  if (!config.s3) return localSecret(config.dataDir, 'upload-signing');
  return createHmac('sha256', config.s3.secretAccessKey).update('pixel-harbor avatar owner').digest();
}

const ownerMac = (secret: Buffer, userId: number, stem: string) =>
  createHmac('sha256', secret)
    // The folder is part of the stem: an operator's id never proves a buyer's avatar, nor back.
    .update(`avatar-owner\n${userId}\n${stem}`)
    .digest('hex')
    .slice(0, OWNER_MAC_HEX);

/** <folder>/<yyyymm>/<16 random hex><16 hex MAC of the owner>. */
function newKey(secret: Buffer, userId: number, now: Date, folder: UploadFolder): string {
  const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  const stem = `${folder}/${month}/${randomBytes(8).toString('hex')}`;
  return `${stem}${ownerMac(secret, userId, stem)}`;
}

/** GET /oss/getStsToken: a grant for one new object, valid UPLOAD_TTL_MS. */
export function createGrant(
  config: Config,
  secret: Buffer,
  userId: number,
  now = new Date(),
  folder: UploadFolder = 'avatars',
): UploadGrant {
  const key = newKey(secret, userId, now, folder);
  const expiresAt = now.getTime() + UPLOAD_TTL_MS;
  const common = {
    key,
    expires_at: expiresAt,
    max_bytes: UPLOAD_MAX_BYTES,
    content_types: [...UPLOAD_CONTENT_TYPES],
  };
  if (config.s3) {
    const s3 = config.s3;
    return {
      provider: 's3',
      url: `${s3.endpoint}/${s3.bucket}`,
      fields: s3PostFields({
        bucket: s3.bucket,
        region: s3.region,
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
        key,
        maxBytes: UPLOAD_MAX_BYTES,
        contentTypePrefix: 'image/',
        expiresAt: new Date(expiresAt),
        now,
      }),
      public_url: `${s3.publicUrl}/${key}`,
      ...common,
    };
  }
  const policy: LocalPolicy = { key, user_id: userId, expires_at: expiresAt, max_bytes: UPLOAD_MAX_BYTES };
  const encoded = Buffer.from(JSON.stringify(policy)).toString('base64url');
  return {
    provider: 'local',
    url: LOCAL_UPLOAD_URL,
    fields: { key, policy: encoded, signature: sign(secret, encoded) },
    public_url: `${LOCAL_PUBLIC_PREFIX}${key}`,
    ...common,
  };
}

/** Whether an avatar address is empty or one of `userId`'s own uploads in this shop's store. */
export function isOwnUpload(config: Config, secret: Buffer, userId: number, address: string): boolean {
  if (address === '') return true;
  const base = config.s3 ? `${config.s3.publicUrl}/` : LOCAL_PUBLIC_PREFIX;
  if (!address.startsWith(base)) return false;
  const key = address.slice(base.length);
  if (!KEY_PATTERN.test(key) || !key.startsWith('avatars/')) return false;
  const expected = Buffer.from(ownerMac(secret, userId, key.slice(0, -OWNER_MAC_HEX)));
  return timingSafeEqual(expected, Buffer.from(key.slice(-OWNER_MAC_HEX)));
}

/** The image type by its first bytes (never by the name or the declared type). */
export function sniffImage(bytes: Buffer): UploadContentType | undefined {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (
    bytes
      .subarray(0, 6)
      .toString('latin1')
      .match(/^GIF8[79]a$/)
  )
    return 'image/gif';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return undefined;
}

export const tooLarge = (maxBytes: number) =>
  new AppError(413, 'upload_too_large', { max: `${Math.round(maxBytes / 1024 / 1024)} MB` });

/** Checks a local grant's fields: signed by us, unexpired, for a well-formed key. */
export function verifyGrant(secret: Buffer, fields: Record<string, string>, now = Date.now()): LocalPolicy {
  const { key, policy, signature } = fields;
  if (!key || !policy || !signature) throw new AppError(400, 'upload_grant_invalid');
  const expected = Buffer.from(sign(secret, policy));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw new AppError(403, 'upload_grant_invalid');
  let parsed: LocalPolicy;
  try {
    parsed = JSON.parse(Buffer.from(policy, 'base64url').toString('utf8')) as LocalPolicy;
  } catch {
    throw new AppError(403, 'upload_grant_invalid');
  }
  if (parsed.key !== key || !KEY_PATTERN.test(key)) throw new AppError(403, 'upload_grant_invalid');
  if (!(parsed.expires_at > now)) throw new AppError(403, 'upload_grant_expired');
  return parsed;
}

/**
 * Stores a granted upload on the local disk: the bytes must be an allowed image by content, and
 * each key is written once (a second upload with the same grant is refused).
 */
export async function storeLocalUpload(
  dataDir: string,
  policy: LocalPolicy,
  bytes: Buffer,
): Promise<{ key: string; url: string; content_type: UploadContentType; size: number }> {
  if (bytes.length === 0) throw new AppError(400, 'upload_empty');
  if (bytes.length > policy.max_bytes) throw tooLarge(policy.max_bytes);
  const type = sniffImage(bytes);
  if (!type) throw new AppError(415, 'upload_type');
  const file = path.join(dataDir, 'uploads', policy.key);
  await fs.mkdir(path.dirname(file), { recursive: true });
  try {
    await fs.writeFile(file, bytes, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new AppError(409, 'upload_used');
    throw error;
  }
  return {
    key: policy.key,
    url: `${LOCAL_PUBLIC_PREFIX}${policy.key}`,
    content_type: type,
    size: bytes.length,
  };
}

/** A stored local upload and its type, or undefined. */
export async function readLocalUpload(
  dataDir: string,
  key: string,
): Promise<{ bytes: Buffer; type: UploadContentType } | undefined> {
  if (!KEY_PATTERN.test(key)) return undefined;
  const bytes = await fs.readFile(path.join(dataDir, 'uploads', key)).catch(() => undefined);
  const type = bytes && sniffImage(bytes);
  return bytes && type ? { bytes, type } : undefined;
}
