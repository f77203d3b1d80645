import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { ROLE_LABELS, type Role, type SessionUser } from '../../shared/auth';
import {
  INVITATION_DAYS,
  INVITATION_INVALID,
  type PendingInvitation,
  type SentInvitation,
} from '../../shared/invitations';
import { recordActivity } from '../activity';
import { type Context, withTransaction } from '../core/context';
import { AppError, conflict, notFound } from '../core/errors';
import type { JobLog, JobSpec } from '../core/jobs/engine';
import { defineJob } from '../core/jobs/registry';
import { hashPassword } from '../core/passwords';
import { randomToken, sha256 } from '../core/tokens';
import { agencySettings, invitations, users } from '../db/schema';
import type { Services } from '../services';
import { checkedScope, findUserByEmail, insertUser, isUniqueViolation, mayGrant } from '../users';

const DAY_MS = 86_400_000;
/** Used, revoked and expired invitations are kept this long after, then purged. */
export const INVITATION_KEEP_DAYS = 30;

type InvitationContext = Context & Pick<Services, 'config' | 'box' | 'mailer'>;
type Row = typeof invitations.$inferSelect;

/** Mails an invitation's link; the job carries the token sealed, never in the clear. */
export const INVITATION_MAIL_JOB = defineJob<{ id: number; sealed: string }>('invitation-mail');

const invalid = () => new AppError(400, 'invalid_token', INVITATION_INVALID);
const invitationNotFound = () => notFound('Invitation not found: it may have been accepted or revoked.');

/** The accept page's address for a token, absolute with the app's public URL. */
const inviteUrlOf = (appUrl: string, token: string) =>
  `${appUrl}/invitation?token=${encodeURIComponent(token)}`;

const pending = () => and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt));

function actorOf(ctx: Context) {
  if (!ctx.actor) throw new AppError(401, 'unauthorized', 'Please sign in to continue.');
  return ctx.actor;
}

function shown(row: Row, inviter: { id: number; username: string }) {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    clientIds: row.clientIds,
    invitedBy: inviter,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * Invites a person by email, with a role the inviter may grant and, for Staff and Viewers, the clients
 * they will be limited to. An email of a team member is refused; inviting an email again replaces its
 * pending invitation. The link is mailed when a mail server is set, and answered for the Admin to pass on.
 */
export async function createInvitation(
  ctx: InvitationContext,
  input: { email: string; role: Role; clientIds?: number[] | null },
): Promise<SentInvitation> {
  const actor = actorOf(ctx);
  mayGrant(actor, input.role);
  const clientIds = await checkedScope(ctx, input.role, input.clientIds);
  if (await findUserByEmail(ctx, input.email))
    throw conflict(`${input.email} is already a member of the team.`, {
      email: ['This email already belongs to a team member'],
    });
  const token = randomToken();
  const send = () =>
    withTransaction(ctx, async (tx) => {
      const now = tx.clock.now();
      await tx.db
        .update(invitations)
        .set({ revokedAt: now })
        .where(and(eq(sql`lower(${invitations.email})`, input.email.toLowerCase()), pending()));
      const [row] = await tx.db
        .insert(invitations)
        .values({
          email: input.email,
          role: input.role,
          clientIds,
          tokenHash: sha256(token),
          invitedBy: actor.id,
          createdAt: now,
          expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
        })
        .returning();
      await recordActivity(tx, {
        type: 'info',
        action: 'invitation.sent',
        message: `invited ${input.email} to join as ${ROLE_LABELS[input.role]}`,
        link: '/team',
      });
      await queueMail(tx, row!.id, token);
      return {
        ...shown(row!, { id: actor.id, username: actor.username }),
        inviteUrl: inviteUrlOf(tx.config.appUrl, token),
      };
    });
  // Two invitations of one email at once: the pending-email index lets one in; the other replaces it.
  try {
    return await send();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return send();
  }
}

async function queueMail(ctx: InvitationContext, id: number, token: string): Promise<void> {
  if (!ctx.mailer) return;
  await ctx.jobs.send(INVITATION_MAIL_JOB, { id, sealed: ctx.box.seal(token) }, { tx: ctx.db });
}

/** The pending invitations (neither accepted nor revoked), newest first; expired ones say so. */
export async function listInvitations(ctx: Pick<Context, 'db' | 'clock'>): Promise<PendingInvitation[]> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select({ invitation: invitations, inviter: { id: users.id, username: users.username } })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.invitedBy))
    .where(pending())
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
  return rows.map(({ invitation, inviter }) => ({
    ...shown(invitation, inviter),
    expired: invitation.expiresAt.getTime() <= now.getTime(),
  }));
}

/** A pending invitation the actor may act on: one for a role they may grant. */
async function pendingOne(ctx: Context, id: number): Promise<Row> {
  const [row] = await ctx.db
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, id), pending()))
    .for('update');
  if (!row) throw invitationNotFound();
  mayGrant(actorOf(ctx), row.role);
  return row;
}

/** Revokes a pending invitation: its link stops working at once. */
export async function revokeInvitation(ctx: InvitationContext, id: number): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const row = await pendingOne(tx, id);
    await tx.db.update(invitations).set({ revokedAt: tx.clock.now() }).where(eq(invitations.id, id));
    await recordActivity(tx, {
      type: 'warning',
      action: 'invitation.revoked',
      message: `revoked the invitation of ${row.email}`,
      link: '/team',
    });
  });
}

/** Sends a pending invitation again with a new link and a fresh week; the old link stops working. */
export async function resendInvitation(ctx: InvitationContext, id: number): Promise<SentInvitation> {
  const token = randomToken();
  return withTransaction(ctx, async (tx) => {
    await pendingOne(tx, id);
    const now = tx.clock.now();
    const [row] = await tx.db
      .update(invitations)
      .set({ tokenHash: sha256(token), expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS) })
      .where(eq(invitations.id, id))
      .returning();
    const [inviter] = await tx.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(eq(users.id, row!.invitedBy));
    await queueMail(tx, id, token);
    return { ...shown(row!, inviter!), inviteUrl: inviteUrlOf(tx.config.appUrl, token) };
  });
}

/** The invitation a link's token opens: pending and not expired, else the one invalid-link answer. */
async function openInvitation(ctx: Pick<Context, 'db' | 'clock'>, token: string) {
  const [found] = await ctx.db
    .select({ invitation: invitations, inviter: users.username })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.invitedBy))
    .where(
      and(eq(invitations.tokenHash, sha256(token)), pending(), gt(invitations.expiresAt, ctx.clock.now())),
    );
  if (!found) throw invalid();
  return found;
}

async function agencyName(ctx: Pick<Context, 'db'>): Promise<string> {
  const [row] = await ctx.db.select({ name: agencySettings.name }).from(agencySettings).limit(1);
  return row?.name.trim() || 'Agency Hub';
}

/** What the accept page shows: the invited email, the role and the agency's name. */
export async function lookupInvitation(ctx: Pick<Context, 'db' | 'clock'>, token: string) {
  const { invitation } = await openInvitation(ctx, token);
  return { email: invitation.email, role: invitation.role, agencyName: await agencyName(ctx) };
}

/**
 * Accepts an invitation: the person is created with the invited email, role and client limit, and the
 * invitation is used, in one transaction; of two concurrent accepts exactly one claims the row.
 */
export async function acceptInvitation(
  ctx: Context,
  input: { token: string; username: string; password: string },
): Promise<SessionUser> {
  const passwordHash = await hashPassword(input.password);
  return withTransaction(ctx, async (tx) => {
    const { invitation, inviter } = await openInvitation(tx, input.token);
    const [claimed] = await tx.db
      .update(invitations)
      .set({ acceptedAt: tx.clock.now() })
      .where(
        and(eq(invitations.id, invitation.id), eq(invitations.tokenHash, invitation.tokenHash), pending()),
      )
      .returning({ id: invitations.id });
    if (!claimed) throw invalid();
    const user = await insertUser(
      { ...tx, actor: undefined },
      {
        username: input.username,
        email: invitation.email,
        passwordHash,
        role: invitation.role,
        clientIds: invitation.clientIds,
        lastSignInAt: tx.clock.now(),
      },
      inviter,
    );
    return { id: user.id, username: user.username, email: user.email, role: user.role };
  });
}

/** Mails the link, unless the invitation was revoked, accepted or sent again since. */
export async function mailInvitation(
  services: Services,
  log: JobLog,
  data: { id: number; sealed: string },
): Promise<void> {
  const token = services.box.open(data.sealed);
  const [found] = await services.db
    .select({ invitation: invitations, inviter: users.username })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.invitedBy))
    .where(and(eq(invitations.id, data.id), eq(invitations.tokenHash, sha256(token)), pending()));
  if (!found) return;
  if (!services.mailer) {
    log.info({ invitationId: data.id }, 'An invitation was not mailed: SMTP_URL is not set');
    return;
  }
  const { invitation, inviter } = found;
  const agency = await agencyName(services);
  await services.mailer.send({
    to: invitation.email,
    subject: `${inviter} invited you to ${agency}`,
    text:
      `Hello,\n\n${inviter} invited you to join ${agency} on Agency Hub as ${ROLE_LABELS[invitation.role]}.\n` +
      `Open this link within ${INVITATION_DAYS} days to choose your username and password:\n\n` +
      `${inviteUrlOf(services.config.appUrl, token)}\n\n` +
      'If you did not expect this, you can ignore this email.\n',
  });
}

export const invitationMailJob = (services: Services): JobSpec<{ id: number; sealed: string }> => ({
  name: INVITATION_MAIL_JOB.name,
  policy: 'standard',
  retryLimit: 5,
  retryDelaySeconds: 30,
  batchSize: 4,
  run: (data, job) => mailInvitation(services, job.log, data),
});

/** Removes invitations accepted, revoked or expired more than INVITATION_KEEP_DAYS ago. */
export async function purgeOldInvitations(ctx: Pick<Context, 'db' | 'clock'>): Promise<void> {
  const cutoff = new Date(ctx.clock.now().getTime() - INVITATION_KEEP_DAYS * DAY_MS);
  await ctx.db
    .delete(invitations)
    .where(
      or(
        lt(invitations.acceptedAt, cutoff),
        lt(invitations.revokedAt, cutoff),
        lt(invitations.expiresAt, cutoff),
      ),
    );
}
