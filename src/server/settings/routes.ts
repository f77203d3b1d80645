import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { securityPolicy, updateSecurityPolicy as updateSecurityPolicyRequest } from '../../shared/auth';
import { agencySettings, updateAgencyRequest, uploadLogoRequest } from '../../shared/settings';
import { sessionOnly } from '../http/access';
import { contextOf } from '../http/session';
import type { Services } from '../services';
import { getSecurityPolicy, updateSecurityPolicy } from './security';
import { getAgencySettings, LOGO_URL, readLogo, removeLogo, setLogo, updateAgency } from './service';
import { reviewStoredLogo } from './stored-logo';

/**
 * Settings → the agency: its name, logo (reports, emails) and time zone (daily figures, periods); and
 * its security rules (the roles that must use two-factor sign-in).
 */
export async function settingsRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = services;

  // A logo stored before uploads were checked is checked once the app is ready, without delaying it.
  let review: Promise<void> | undefined;
  app.addHook('onReady', async () => {
    review = reviewStoredLogo({ db }, app.log).catch((err: Error) =>
      app.log.warn(`Could not check the stored agency logo: ${err.message}`),
    );
  });
  app.addHook('onClose', async () => {
    await review;
  });

  r.get(
    '/api/settings/agency',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { response: { 200: agencySettings } },
    },
    async () => getAgencySettings({ db }),
  );

  r.get(
    '/api/settings/security',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { response: { 200: securityPolicy } },
    },
    async () => getSecurityPolicy({ db }),
  );

  // Only an Owner decides who must use two-factor sign-in: in a browser, with a recent code.
  r.put(
    '/api/settings/security',
    {
      config: {
        ...sessionOnly('change who must use two-factor sign-in'),
        role: 'owner',
        freshTwoFactor: true,
      },
      schema: { body: updateSecurityPolicyRequest, response: { 200: securityPolicy } },
    },
    async (request) => updateSecurityPolicy(contextOf(services, request), request.body.requireTwoFactor),
  );

  r.put(
    '/api/settings/agency',
    {
      config: { access: 'session-or-token', role: 'admin', freshTwoFactor: false },
      schema: { body: updateAgencyRequest, response: { 200: agencySettings } },
    },
    async (request) => updateAgency(contextOf(services, request), request.body),
  );

  r.put(
    LOGO_URL,
    {
      config: { access: 'session-or-token', role: 'admin', freshTwoFactor: false },
      schema: { body: uploadLogoRequest, response: { 200: agencySettings } },
    },
    async (request) => setLogo(contextOf(services, request), request.body.data),
  );

  r.delete(
    LOGO_URL,
    {
      config: { access: 'session-or-token', role: 'admin', freshTwoFactor: false },
      schema: { response: { 204: z.null() } },
    },
    async (request, reply) => {
      await removeLogo(contextOf(services, request));
      reply.status(204);
      return null;
    },
  );

  r.get(
    LOGO_URL,
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: {
        querystring: z.strictObject({ v: z.string().max(20).optional() }),
        response: {
          200: z.instanceof(Buffer).describe('The logo: the checked copy of the upload, PNG or JPEG'),
        },
      },
    },
    async (_request, reply) => {
      const logo = await readLogo({ db });
      // Our own bytes, typed by their signature; nothing in them may run even if opened directly.
      return reply
        .type(logo.type)
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', 'inline; filename="logo"')
        .send(logo.bytes);
    },
  );
}
