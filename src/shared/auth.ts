import { z } from 'zod';

// The validation messages people see, word for word (the web forms and the API give the same texts).
export const USERNAME_MIN = 'Username must be at least 3 characters';
export const PASSWORD_MIN = 'Password must be at least 6 characters';
export const EMAIL_INVALID = 'Please enter a valid email address';
export const PASSWORD_MISMATCH = "Passwords don't match";

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

/**
 * What a person may do, from least to most: a Viewer reads; Staff do the day-to-day work (clients,
 * websites, checks, maintenance, tasks, reports); an Admin also runs the team, integrations, alert
 * channels, settings and destructive actions; an Owner also grants and transfers ownership.
 */
export const ROLES = ['viewer', 'staff', 'admin', 'owner'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = {
  viewer: 'Viewer',
  staff: 'Staff',
  admin: 'Admin',
  owner: 'Owner',
};
/** Whether `role` may do what `needed` may. */
export const roleAtLeast = (role: Role, needed: Role): boolean =>
  ROLES.indexOf(role) >= ROLES.indexOf(needed);
/** What a person is told when their role is not enough. */
export const roleRefusal = (needed: Role, role: Role): string =>
  `This needs the ${ROLE_LABELS[needed]} role${needed === 'owner' ? '' : ' or higher'}; your role is ${ROLE_LABELS[role]}. Ask an ${ROLE_LABELS.admin} of your agency.`;

export const sessionUser = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
});
export type SessionUser = z.infer<typeof sessionUser>;
/**
 * GET /api/auth/me: who is signed in, the clients they are limited to (null: every client), and when
 * the agency's two-factor rule catches up with them (null: it does not, or they have it on).
 */
export const meResponse = sessionUser.extend({
  clientIds: z.array(z.number().int()).nullable(),
  twoFactorDue: z.string().nullable(),
});
/** Who is signed in, as the web app knows them (a sign-in answers without the limit; /me with it). */
export type Me = SessionUser & { clientIds?: number[] | null; twoFactorDue?: string | null };
/** What a disabled "add a client" says to a person limited to chosen clients. */
export const CHOSEN_CLIENTS_ONLY = 'You work on chosen clients only: an Admin adds clients';

/**
 * Who a request acts for on the server: the person, the clients they are limited to (null: all), and
 * the moment the agency's two-factor rule requires them to have it on (null: no rule for their role,
 * or it is on).
 */
export type SignedInUser = SessionUser & {
  clientIds: number[] | null;
  twoFactorDue?: Date | null;
  /** Whether they sign in with two factors. */
  twoFactorOn?: boolean;
  /** When this browser session last proved the second factor (absent for a token). */
  secondFactorAt?: Date | null;
};

/**
 * Changing integrations' credentials or someone's role, and creating API tokens, ask a person who
 * signs in with two factors to have proved the second factor within this long.
 */
export const FRESH_TWO_FACTOR_MINUTES = 10;
export const FRESH_TWO_FACTOR_NEEDED =
  'Confirm it is you: enter a code from your authenticator app, then try again.';
export const FRESH_TWO_FACTOR_TOKEN =
  'This change needs a recent two-factor confirmation, which a personal API token cannot give. Make it in Agency Hub in a browser.';

/**
 * The Owner may require two-factor sign-in per role. Everyone it catches gets this many days (from the
 * rule, or from joining when later) to turn it on; after that they reach only their own account.
 */
export const TWO_FACTOR_GRACE_DAYS = 7;
/** GET and PUT /api/settings/security: the roles that must sign in with two factors. */
export const securityPolicy = z.object({
  requireTwoFactor: z.array(z.enum(ROLES)).describe('Roles that must turn on two-factor sign-in'),
  graceDays: z.number().int(),
});
export type SecurityPolicy = z.infer<typeof securityPolicy>;
export const updateSecurityPolicy = z.object({ requireTwoFactor: z.array(z.enum(ROLES)) });
export const TWO_FACTOR_REQUIRED =
  'Your agency requires two-factor sign-in for your role. Turn it on in Settings → Security to carry on.';
/** What an action that replaces a client's site (a restore) answers a person without two-factor sign-in. */
export const TWO_FACTOR_NEEDED_FOR_ACTION =
  'This action needs two-factor sign-in: turn it on in Settings → Security, then try again.';
export const TWO_FACTOR_KEPT = 'Your agency requires two-factor sign-in for your role, so it stays on.';
/** Only Staff members and Viewers can be limited to chosen clients; Admins and Owners see everything. */
export const SCOPABLE_ROLES: readonly Role[] = ['viewer', 'staff'];

export const TOTP_CODE_INVALID = 'Enter the 6-digit code your authenticator app shows';
/** A 6-digit code from an authenticator app (spaces people type are ignored). */
export const totpCode = z
  .string()
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, TOTP_CODE_INVALID));
/** A recovery code as shown ("abcde-12345"), in any case, with or without its dash. */
export const recoveryCode = z
  .string()
  .trim()
  .min(1, 'Enter one of your recovery codes')
  .max(40, 'Enter one of your recovery codes');

export const loginRequest = z.strictObject({
  username,
  password,
  rememberMe: z.boolean().default(false),
  /** With two-factor sign-in on: the authenticator's code, or else one recovery code. */
  code: totpCode.optional(),
  recoveryCode: recoveryCode.optional(),
  /** With a code: the password alone signs in from this browser for the next 30 days. */
  rememberBrowser: z.boolean().default(false),
});
/** The answer to a right password when two-factor sign-in is on and no code came with it (no session). */
export const twoFactorRequired = z.object({ twoFactorRequired: z.literal(true) });
export const loginResponse = z.union([sessionUser, twoFactorRequired]);
export type LoginResponse = z.infer<typeof loginResponse>;
export const TWO_FACTOR_CODE_WRONG =
  'That code is not right (or was already used). Enter the code your authenticator app shows now, or an unused recovery code.';

/** Two-factor sign-in of the signed-in person. */
export const twoFactorStatus = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int() });
export const twoFactorSetup = z.object({ secret: z.string(), otpauthUrl: z.string() });
export const twoFactorCodeRequest = z.strictObject({ code: totpCode });
export const twoFactorDisableRequest = z
  .strictObject({ code: totpCode.optional(), recoveryCode: recoveryCode.optional() })
  .refine((v) => v.code !== undefined || v.recoveryCode !== undefined, {
    message: 'Enter the code your authenticator app shows, or a recovery code',
    path: ['code'],
  });
/** A browser remembered at a two-factor sign-in (Settings → Two-factor sign-in). */
export const rememberedBrowser = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type RememberedBrowser = z.infer<typeof rememberedBrowser>;
export const recoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });
export type LoginRequest = z.input<typeof loginRequest>;

export const forgotPasswordRequest = z.strictObject({ email });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;

export const forgotPasswordResponse = z.object({
  message: z.string(),
  // Development mode only, for the page's "DEVELOPMENT MODE" box: production never returns the token.
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
    message: PASSWORD_MISMATCH,
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
    message: PASSWORD_MISMATCH,
    path: ['confirmPassword'],
  })
  .refine((v) => v.newPassword !== v.currentPassword, { message: SAME_PASSWORD, path: ['newPassword'] });
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;

export const EMAIL_NEEDS_PASSWORD = 'Enter your current password to change your email';

/** Your username and email; a new email address also needs your current password. */
export const updateProfileRequest = z.strictObject({
  username,
  email,
  currentPassword: z.string().max(256).optional(),
});
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
