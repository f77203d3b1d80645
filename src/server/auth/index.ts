/** What other areas use of sign-in: sessions (the signed-in person, the session and device cookies). */
export { DEVICE_COOKIE, DEVICE_COOKIE_DAYS, DEVICE_COOKIE_PATH } from './device';
export {
  type ClientInfo,
  createSession,
  findSessionUser,
  type NewSession,
  noteSessionClient,
  revokeSession,
  SESSION_COOKIE,
  signedInColumns,
  signedInUser,
} from './sessions';
