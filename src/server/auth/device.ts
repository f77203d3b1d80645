import { timingSafeEqual } from 'node:crypto';
import type { SecretBox } from '../core/secret-box';
import { randomToken } from '../core/tokens';
import { accountKey } from './throttle';

/**
 * Device cookies: a browser that has signed in to an account successfully receives a signed cookie
 * naming that account. When it signs in again, the per-account failure limit does not apply to it
 * (its own per-device limit does), so a stranger who fails five times from five addresses cannot lock
 * the owner out. Strangers without the cookie keep every limit. The cookie proves nothing else: it is
 * sent only to the sign-in route and never signs anyone in.
 */
export const DEVICE_COOKIE = 'ah_device';
export const DEVICE_COOKIE_PATH = '/api/auth/login';
export const DEVICE_COOKIE_DAYS = 365;
const PURPOSE = 'device cookie';

/** A new device cookie for `username`: a random id and a MAC over the account and that id. */
export function issueDeviceCookie(box: SecretBox, username: string): string {
  const id = randomToken(16);
  return `${id}.${box.mac(PURPOSE, `${accountKey(username)}.${id}`)}`;
}

/** The device id of a cookie issued to this account by this server, or undefined. */
export function deviceOf(box: SecretBox, cookie: string | undefined, username: string): string | undefined {
  if (!cookie || cookie.length > 200) return undefined;
  const [id, mac, ...rest] = cookie.split('.');
  if (!id || !mac || rest.length) return undefined;
  const expected = Buffer.from(box.mac(PURPOSE, `${accountKey(username)}.${id}`));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
}
