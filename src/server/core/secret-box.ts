import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * AES-256-GCM for provider tokens at rest; tokens are write-only in the API and never logged. The key
 * never sits in the database: it comes
 * from SECRET_KEY, or from a 0600 key file created in the data folder on first use.
 */
export type SecretBox = {
  seal(plain: string): string;
  open(sealed: string): string;
  /** An HMAC-SHA256 (base64url) of `data` under a key of its own per purpose, derived from the box's key. */
  mac(purpose: string, data: string): string;
};

const VERSION = 'v1';

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('The encryption key must be 32 bytes');
  const macKeys = new Map<string, Buffer>();
  const macKey = (purpose: string) => {
    let derived = macKeys.get(purpose);
    if (!derived) {
      derived = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `agency-hub ${purpose}`, 32));
      macKeys.set(purpose, derived);
    }
    return derived;
  };
  return {
    mac(purpose, data) {
      return createHmac('sha256', macKey(purpose)).update(data).digest('base64url');
    },
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        VERSION,
        iv.toString('base64'),
        cipher.getAuthTag().toString('base64'),
        data.toString('base64'),
      ].join(':');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split(':');
      if (version !== VERSION || !iv || !tag || data === undefined)
        throw new Error('Unreadable encrypted value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}

/** SECRET_KEY as 64 hex characters or 44 base64 characters (32 bytes). */
export function parseSecretKey(value: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== 32) {
    throw new Error('SECRET_KEY must be 32 bytes: 64 hex characters (e.g. from `openssl rand -hex 32`)');
  }
  return key;
}

/** Reads the key file in the data folder, creating it (mode 0600) the first time. */
export function loadOrCreateKeyFile(dataDir: string): Buffer {
  const file = path.join(dataDir, 'secret.key');
  // With PostgreSQL the data folder holds this key alone: created owner-only like the embedded database's.
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return parseSecretKey(fs.readFileSync(file, 'utf8').trim());
}
