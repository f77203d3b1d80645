import { z } from 'zod';
import { email, PASSWORD_MISMATCH, password, ROLES, username } from './auth';
import { clientIdsField, roleField } from './users';

/** How long an invitation link works, from when it was sent (or sent again). */
export const INVITATION_DAYS = 7;

/** One answer for every link that does not work, which does not say why. */
export const INVITATION_INVALID =
  'This invitation link is not valid: it may have expired, been used or been revoked. Ask an Admin to send a new one.';

/** POST /api/invitations: who is invited, with which role and, for Staff and Viewers, which clients. */
export const createInvitationRequest = z.strictObject({
  email,
  role: roleField.default('staff'),
  clientIds: clientIdsField.optional(),
});
export type CreateInvitationRequest = z.input<typeof createInvitationRequest>;

const invitationFields = {
  id: z.number().int(),
  email: z.string(),
  role: z.enum(ROLES),
  /** The clients the person will be limited to; null: every client. */
  clientIds: z.array(z.number().int()).nullable(),
  invitedBy: z.object({ id: z.number().int(), username: z.string() }),
  createdAt: z.string(),
  expiresAt: z.string(),
};

/** A new or re-sent invitation, with its link: shown once, for the Admin to pass on without mail. */
export const sentInvitation = z.object({ ...invitationFields, inviteUrl: z.string() });
export type SentInvitation = z.infer<typeof sentInvitation>;

/** GET /api/invitations: the pending invitations, newest first; an expired one waits to be re-sent. */
export const pendingInvitation = z.object({ ...invitationFields, expired: z.boolean() });
export type PendingInvitation = z.infer<typeof pendingInvitation>;
export const pendingInvitationList = z.array(pendingInvitation);

export const invitationToken = z.string().min(1, 'The invitation token is missing').max(200);

/** GET /api/invitations/lookup: what the accept page shows of the invitation. */
export const invitationLookupQuery = z.strictObject({ token: invitationToken });
export const invitationLookup = z.object({
  email: z.string(),
  role: z.enum(ROLES),
  agencyName: z.string(),
});
export type InvitationLookup = z.infer<typeof invitationLookup>;

/** POST /api/invitations/accept: the invited person chooses their username and password. */
export const acceptInvitationRequest = z.strictObject({ token: invitationToken, username, password });
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationRequest>;

/** The accept page's form: the username and password, and the password again, which must match. */
export const acceptInvitationForm = z
  .object({ username, password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORD_MISMATCH, path: ['confirmPassword'] });
