import { z } from 'zod';

// Texts of the spec, §5 "Validation rules".
export const USERNAME_MIN = 'Username must be at least 3 characters';
export const PASSWORD_MIN = 'Password must be at least 6 characters';
export const EMAIL_INVALID = 'Please enter a valid email address';

export const username = z
  .string()
  .trim()
  .min(3, USERNAME_MIN)
  .max(64, 'Username must be at most 64 characters');
// Passwords are never trimmed: a space is a character like any other. 256 keeps hashing cheap.
export const password = z.string().min(6, PASSWORD_MIN).max(256, 'Password must be at most 256 characters');
export const email = z
  .string()
  .trim()
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email(EMAIL_INVALID));

export const sessionUser = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const loginRequest = z.strictObject({
  username,
  password,
  rememberMe: z.boolean().default(false),
});
export type LoginRequest = z.input<typeof loginRequest>;

export const forgotPasswordRequest = z.strictObject({ email });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;

export const forgotPasswordResponse = z.object({
  message: z.string(),
  // Development mode only (decisions.md §2): the spec's "DEVELOPMENT MODE" box.
  token: z.string().optional(),
  resetUrl: z.string().optional(),
});
export type ForgotPasswordResponse = z.infer<typeof forgotPasswordResponse>;

export const resetPasswordRequest = z.strictObject({
  token: z.string().min(1, 'Reset token is missing').max(200),
  newPassword: password,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

/** The reset page's form: the API body plus a confirmation that must match. */
export const resetPasswordForm = z
  .object({ newPassword: password, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordForm>;

export const setupStatusResponse = z.object({ needed: z.boolean() });

export const setupRequest = z.strictObject({
  token: z.string().min(1, 'The setup link is incomplete: open the link the server printed').max(200),
  username,
  email,
  password,
});
export type SetupRequest = z.infer<typeof setupRequest>;

export const FORGOT_PASSWORD_SENT = 'Password reset instructions have been sent to your email.';
export const INVALID_CREDENTIALS = 'Invalid username or password';

// Settings → your account (all under /api/auth: personal API tokens cannot reach them).

export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct';
export const SAME_PASSWORD = 'Choose a password different from your current one';

export const changePasswordRequest = z
  .strictObject({
    currentPassword: z.string().min(1, 'Enter your current password').max(256),
    newPassword: password,
  })
  .refine((v) => v.newPassword !== v.currentPassword, { message: SAME_PASSWORD, path: ['newPassword'] });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

/** The Settings form: the API body plus a confirmation that must match. */
export const changePasswordForm = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password'),
    newPassword: password,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  })
  .refine((v) => v.newPassword !== v.currentPassword, { message: SAME_PASSWORD, path: ['newPassword'] });
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;

export const updateProfileRequest = z.strictObject({ username, email });
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;

/** One signed-in browser of the account; never its token. */
export const sessionInfo = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The browser asking. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfo>;
export const sessionList = z.array(sessionInfo);
