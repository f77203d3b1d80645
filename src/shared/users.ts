import { z } from 'zod';
import { email, password, sessionUser, username } from './auth';

/** POST /api/users: the Team page's add-user form. */
export const createUserRequest = z.strictObject({ username, email, password });
export type CreateUserRequest = z.infer<typeof createUserRequest>;

// Listed field by field (via sessionUser), so a password hash can never reach the Team page.
export const teamUser = sessionUser;
export type TeamUser = z.infer<typeof teamUser>;
export const teamUserList = z.array(teamUser);
