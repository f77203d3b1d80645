import { z } from 'zod';
import { email, password, ROLES, sessionUser, username } from './auth';

/** A role in a request body, with the message that lists the roles. */
export const roleField = z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}` });

/**
 * The clients a Staff member or Viewer is limited to; absent, null or empty: every client. Answers carry
 * null for "every client".
 */
export const clientIdsField = z
  .array(z.number({ error: 'Client ids are numbers' }).int().positive(), {
    error: 'clientIds is a list of client ids',
  })
  .max(500, 'Choose at most 500 clients, or every client')
  .nullable();
export const CLIENT_SCOPE_ROLE_ONLY =
  'Only Staff members and Viewers can be limited to chosen clients; Admins and Owners see every client.';

/** POST /api/users: the Team page's add-user form, with the new person's role (Staff unless chosen). */
export const createUserRequest = z.strictObject({
  username,
  email,
  password,
  role: roleField.default('staff'),
  clientIds: clientIdsField.optional(),
});

/** PATCH /api/users/{id}: a colleague's role, the clients they are limited to, or both. */
export const updateUserRequest = z.strictObject({
  role: roleField.optional(),
  clientIds: clientIdsField.optional(),
});
export type CreateUserRequest = z.input<typeof createUserRequest>;

// Listed field by field (via sessionUser), so a password hash can never reach the Team page.
export const teamUser = sessionUser.extend({
  /** Whether they sign in with a second factor. */
  twoFactor: z.boolean(),
  /** When they last signed in; null: never. */
  lastSignInAt: z.string().nullable(),
  /** The clients they are limited to; null: every client. */
  clientIds: z.array(z.number().int()).nullable(),
});
export type TeamUser = z.infer<typeof teamUser>;
export const teamUserList = z.array(teamUser);
