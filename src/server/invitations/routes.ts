import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionUser } from '../../shared/auth';
import { idParams } from '../../shared/ids';
import {
  acceptInvitationRequest,
  createInvitationRequest,
  invitationLookup,
  invitationLookupQuery,
  pendingInvitationList,
  sentInvitation,
} from '../../shared/invitations';
import { createSession, noteSessionClient, revokeSession } from '../auth';
import { sessionOnly } from '../http/access';
import { sensitiveLimit } from '../http/rate-limits';
import { clientOf, contextOf, setSessionCookie } from '../http/session';
import type { Services } from '../services';
import {
  acceptInvitation,
  createInvitation,
  listInvitations,
  lookupInvitation,
  resendInvitation,
  revokeInvitation,
} from './service';

/**
 * Invitations (the Team page): an Admin invites a person by email; the person opens the link, chooses a
 * username and password, and is signed in. Looking a link up and accepting it are public and throttled.
 */
export async function invitationRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Inviting grants a role: a personal API token can do none of it, not even list who is invited.
  const team = { ...sessionOnly('invite team members or manage their invitations'), role: 'admin' } as const;

  r.post(
    '/api/invitations',
    // Granting a role: a person with two-factor sign-in confirms it with a recent code.
    {
      config: { ...team, freshTwoFactor: true },
      schema: { body: createInvitationRequest, response: { 201: sentInvitation } },
    },
    async (request, reply) => {
      const invitation = await createInvitation(contextOf(services, request), request.body);
      request.log.info({ invitationId: invitation.id, role: invitation.role }, 'Invitation sent');
      reply.status(201);
      return invitation;
    },
  );

  r.get(
    '/api/invitations',
    { config: { ...team, freshTwoFactor: false }, schema: { response: { 200: pendingInvitationList } } },
    async () => listInvitations(services),
  );

  r.delete(
    '/api/invitations/:id',
    { config: { ...team, freshTwoFactor: true }, schema: { params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await revokeInvitation(contextOf(services, request), request.params.id);
      reply.status(204);
      return null;
    },
  );

  r.post(
    '/api/invitations/:id/resend',
    // A new link replaces the one sent: it hands the invitation's role to whoever receives it.
    {
      config: { ...team, freshTwoFactor: true },
      schema: { params: idParams, response: { 200: sentInvitation } },
    },
    async (request) => resendInvitation(contextOf(services, request), request.params.id),
  );

  r.get(
    '/api/invitations/lookup',
    {
      config: { access: 'public', rateLimit: sensitiveLimit },
      schema: { querystring: invitationLookupQuery, response: { 200: invitationLookup } },
    },
    async (request) => lookupInvitation(services, request.query.token),
  );

  r.post(
    '/api/invitations/accept',
    {
      // The new person is audited as themselves, with their account as the target.
      config: { access: 'public', rateLimit: sensitiveLimit, audit: { signIn: true, targetType: 'users' } },
      schema: { body: acceptInvitationRequest, response: { 200: sessionUser } },
    },
    async (request, reply) => {
      const ctx = contextOf(services, request);
      const user = await acceptInvitation(ctx, request.body);
      request.log.info({ userId: user.id }, 'Invitation accepted');
      const session = await createSession(ctx, services.clock, user.id, false);
      await noteSessionClient(ctx, session.token, clientOf(request));
      if (request.sessionToken) await revokeSession(ctx, request.sessionToken);
      setSessionCookie(request, reply, session);
      return user;
    },
  );
}
