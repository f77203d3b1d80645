/**
 * What changing the password and signing out everywhere end, said before and after: whoever had
 * taken the account over keeps no way back in.
 */
export const PASSWORD_CHANGE_ENDS =
  'Changing it signs out every other browser, revokes your personal API tokens, forgets the browsers that skip the code and voids any reset link sent.';
export const SIGN_OUT_EVERYWHERE_ENDS =
  'Every browser signed in to your account is signed out, this one included; your personal API tokens are revoked, remembered browsers forgotten and any reset link sent voided.';
export const PASSWORD_CHANGED =
  'Your password was changed. Every other session was signed out and your API tokens were revoked.';
export const SIGNED_OUT_EVERYWHERE = 'Signed out on every device; your API tokens were revoked.';
