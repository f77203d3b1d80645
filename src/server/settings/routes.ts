import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { agencySettings, updateAgencyRequest, uploadLogoRequest } from '../../shared/settings';
import { requireUser } from '../http/session';
import type { Services } from '../services';
import { getAgencySettings, LOGO_URL, readLogo, removeLogo, setLogo, updateAgency } from './service';

/** Settings → the agency: its name, logo (reports, emails) and time zone (daily figures, periods). */
export async function settingsRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = services;

  r.get('/api/settings/agency', { schema: { response: { 200: agencySettings } } }, async () =>
    getAgencySettings(db),
  );

  r.put(
    '/api/settings/agency',
    { schema: { body: updateAgencyRequest, response: { 200: agencySettings } } },
    async (request) => updateAgency(db, clock, requireUser(request), request.body),
  );

  r.put(
    LOGO_URL,
    { schema: { body: uploadLogoRequest, response: { 200: agencySettings } } },
    async (request) => setLogo(db, clock, requireUser(request), request.body.data),
  );

  r.delete(LOGO_URL, { schema: { response: { 204: z.null() } } }, async (_request, reply) => {
    await removeLogo(db, clock);
    return reply.status(204).send(null);
  });

  r.get(
    LOGO_URL,
    {
      schema: {
        querystring: z.strictObject({ v: z.string().max(20).optional() }),
        response: { 200: z.instanceof(Buffer).describe('The logo image (PNG, JPEG or WebP)') },
      },
    },
    async (_request, reply) => {
      const logo = await readLogo(db);
      // Our own bytes, typed by their signature; nothing in them may run even if opened directly.
      return reply
        .type(logo.type)
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', 'inline; filename="logo"')
        .send(logo.bytes);
    },
  );
}
