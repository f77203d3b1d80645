/** What other areas use of API tokens: the person behind a token and revoking a person's tokens. */
export { findTokenUser, revokeUserTokens } from './service';
