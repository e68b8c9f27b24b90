import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Pay manners' secret keys at rest: AES-256-GCM under PAY_SECRET_KEY, stored as
 * `v1:<base64 of iv (12) | tag (16) | ciphertext>`. Without the key a development key is derived
 * from a fixed phrase (anyone with the code can read those secrets: the server warns).
 */
const DEVELOPMENT_PHRASE = 'merchant-admin development PAY_SECRET_KEY';
const PREFIX = 'v1:';

let key: Buffer = createHash('sha256').update(DEVELOPMENT_PHRASE).digest();

/** Sets the key from the configuration; answers whether it is the development one. */
export function useSecretKey(configured: string | undefined): { development: boolean } {
  if (!configured) {
    key = createHash('sha256').update(DEVELOPMENT_PHRASE).digest();
    return { development: true };
  }
  key = /^[0-9a-fA-F]{64}$/.test(configured)
    ? Buffer.from(configured, 'hex')
    : Buffer.from(configured, 'base64');
  return { development: false };
}

export function encryptSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** The plain secret; throws when it was not encrypted under the current key. */
export function decryptSecret(stored: string): string {
  if (!stored) return '';
  if (!stored.startsWith(PREFIX)) throw new Error('not an encrypted secret');
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
