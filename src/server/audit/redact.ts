import { REDACTED } from '../../shared/audit';

/**
 * Keys whose values are secrets, matched on the key lower-cased without "_" and "-": passwords, tokens
 * (access, API, refresh, global), secrets, keys, credentials, one-time and recovery codes, cookies and
 * authorization headers. A secret never reaches the audit log, whatever route sent it.
 */
const SECRET_KEY =
  /password|passphrase|passwd|token|secret|apikey|accesskey|privatekey|credential|recovery|otp|^code$|authcode|authorization|cookie|signature/;

export const isSecretKey = (key: string, extra: readonly string[] = []) => {
  const k = key.toLowerCase().replace(/[-_]/g, '');
  return SECRET_KEY.test(k) || extra.some((e) => e.toLowerCase() === k);
};

/** Text longer than this is summarised by its length (an uploaded image, a pasted document). */
const MAX_TEXT = 1000;

/**
 * A copy of a request body fit for the audit log: every value under a secret key (and under the keys a
 * route adds) reads "[redacted]", at any depth; long text reads as its length.
 */
export function redact(value: unknown, extra: readonly string[] = []): unknown {
  if (typeof value === 'string') return value.length > MAX_TEXT ? `[${value.length} characters]` : value;
  if (value === null || typeof value !== 'object') return value;
  if (Buffer.isBuffer(value)) return `[${value.length} bytes]`;
  if (Array.isArray(value)) return value.map((v) => redact(v, extra));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [
      k,
      isSecretKey(k, extra) ? REDACTED : redact(v, extra),
    ]),
  );
}
