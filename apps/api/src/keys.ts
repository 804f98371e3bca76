import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A file made once on first start and kept in DATA_DIR/keys (ARCHITECTURE.md §4), so it survives
 * restarts and is shared by every process that shares the data directory. It is written whole
 * under a temporary name, then linked into place: link fails if another process won the race, and
 * nobody ever reads a half-written file.
 */
export function localKeyFile(dataDir: string, name: string, make: () => string): string {
  const dir = path.join(dataDir, 'keys');
  const file = path.join(dir, name);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (!fs.existsSync(file)) {
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(temp, make(), { mode: 0o600 });
    try {
      fs.linkSync(temp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(temp, { force: true });
    }
  }
  return fs.readFileSync(file, 'utf8');
}

/** A random secret (base64 in DATA_DIR/keys/<name>.key). */
export function localSecret(dataDir: string, name: string, bytes = 32): Buffer {
  const text = localKeyFile(dataDir, `${name}.key`, () => randomBytes(bytes).toString('base64'));
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length < 16) throw new Error(`The key file ${name}.key in ${dataDir}/keys is damaged: remove it`);
  return key;
}

/** An RSA-2048 key pair in PEM (PKCS#8 private, SPKI public), made once. */
export function localKeyPair(dataDir: string, name: string): { privateKey: string; publicKey: string } {
  const text = localKeyFile(dataDir, `${name}.json`, () => {
    const pair = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    return JSON.stringify(pair);
  });
  return JSON.parse(text) as { privateKey: string; publicKey: string };
}
