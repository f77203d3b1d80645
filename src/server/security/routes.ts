import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fleetQuery } from '../../shared/fleet';
import { idParams } from '../../shared/ids';
import {
  closedPlugins,
  dismissFindingBody,
  findingDismissal,
  findingSites as findingSitesAnswer,
  securityFilters,
  securityFindingsPage,
  securityFindingsQuery,
  securitySummary as securitySummaryAnswer,
  websiteSecurity,
} from '../../shared/security';
import { notFound } from '../core/errors';
import { csvAnswer as csv, sendCsv } from '../exports';
import { contextOf } from '../http/session';
import type { Services } from '../services';
import { closedPluginsOf } from './closed';
import { dropDismissal, NO_FINDING, parseWebsiteFindingId, saveDismissal } from './dismissals';
import { findingSites, securityCsv, securityFindings, securitySummary } from './fleet';
import { readWebsiteSecurity } from './website';

/** A finding's id: a vulnerability on a piece of software, or that on one website. */
const findingParams = z.strictObject({ id: z.string().max(400, 'id is too long') });

export async function securityRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/websites/:id/security',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { params: idParams, response: { 200: websiteSecurity } },
    },
    async (request) => readWebsiteSecurity(contextOf(services, request), request.params.id),
  );

  r.get(
    '/api/security/summary',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { querystring: fleetQuery, response: { 200: securitySummaryAnswer } },
    },
    async (request) => securitySummary(contextOf(services, request), request.query),
  );

  r.get(
    '/api/security/closed-plugins',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { querystring: fleetQuery, response: { 200: closedPlugins } },
    },
    async (request) => closedPluginsOf(contextOf(services, request), request.query),
  );

  r.get(
    '/api/security/findings',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { querystring: securityFindingsQuery, response: { 200: securityFindingsPage } },
    },
    async (request) => securityFindings(contextOf(services, request), request.query),
  );

  r.get(
    '/api/security/findings/:id/sites',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: {
        params: findingParams,
        querystring: z.strictObject(securityFilters),
        response: { 200: findingSitesAnswer },
      },
    },
    async (request) => findingSites(contextOf(services, request), request.params.id, request.query),
  );

  r.post(
    '/api/security/findings/:id/dismiss',
    {
      config: { access: 'session-or-token', role: 'admin', freshTwoFactor: false },
      schema: { params: findingParams, body: dismissFindingBody, response: { 200: findingDismissal } },
    },
    async (request) => {
      const ctx = contextOf(services, request);
      // Only a finding the website has now can be set aside (404 for another person's client too).
      const { websiteId } = parseWebsiteFindingId(request.params.id);
      const security = await readWebsiteSecurity(ctx, websiteId);
      if (!security.findings.some((f) => f.id === request.params.id)) throw notFound(NO_FINDING);
      return saveDismissal(ctx, request.params.id, request.body);
    },
  );

  r.delete(
    '/api/security/findings/:id/dismiss',
    {
      config: { access: 'session-or-token', role: 'admin', freshTwoFactor: false },
      schema: { params: findingParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const ctx = contextOf(services, request);
      const { websiteId } = parseWebsiteFindingId(request.params.id);
      await readWebsiteSecurity(ctx, websiteId); // 404 outside the person's clients
      if (!(await dropDismissal(ctx, request.params.id)))
        throw notFound('This finding is not dismissed on this website');
      reply.status(204);
      return null;
    },
  );

  r.get(
    '/api/security/export.csv',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { querystring: securityFindingsQuery, response: { 200: csv } },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        `security-findings-${services.clock.now().toISOString().slice(0, 10)}.csv`,
        await securityCsv(contextOf(services, request), request.query),
      ),
  );
}
