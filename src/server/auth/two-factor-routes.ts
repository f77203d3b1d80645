import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  recoveryCodesResponse,
  rememberedBrowser,
  twoFactorCodeRequest,
  twoFactorDisableRequest,
  twoFactorSetup,
  twoFactorStatus,
} from '../../shared/auth';
import { idParams } from '../../shared/ids';
import { contextOf, requireUser } from '../http/session';
import type { Services } from '../services';
import { forgetAllBrowsers, forgetBrowser, listRememberedBrowsers } from './remembered-browsers';
import { noteSecondFactor } from './sessions';
import {
  confirmSecondFactor,
  disable,
  enable,
  regenerateRecoveryCodes,
  startSetup,
  twoFactorStatus as statusOf,
} from './two-factor';

/**
 * Settings → Security: the signed-in person's two-factor sign-in. Sessions only; a code guessed here
 * is as slow as one guessed at sign-in.
 */
export async function twoFactorRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = {
    access: 'session',
    role: 'viewer',
    freshTwoFactor: false,
    rateLimit: { max: 10, timeWindow: '15 minutes' },
    // A wrong code is counted (and throttled) even though the request fails: these routes commit as
    // they go instead of in one transaction with their audit entry, which follows right after.
    audit: { transaction: false },
  } as const;
  const ctx = (request: Parameters<typeof contextOf>[1]) => ({
    ...contextOf(services, request),
    box: services.box,
  });
  // Wrong codes count per account in the database, with sign-in's, across every instance.
  const guard = (request: Parameters<typeof contextOf>[1]) => ({
    throttle: services.throttle,
    ip: request.ip,
  });

  r.get(
    '/api/auth/2fa',
    {
      config: { access: 'session', role: 'viewer', freshTwoFactor: false },
      schema: { response: { 200: twoFactorStatus } },
    },
    async (request) => statusOf(services, requireUser(request).id),
  );

  r.post('/api/auth/2fa/setup', { config, schema: { response: { 200: twoFactorSetup } } }, async (request) =>
    startSetup(ctx(request), requireUser(request).id),
  );

  r.post(
    '/api/auth/2fa/enable',
    { config, schema: { body: twoFactorCodeRequest, response: { 200: recoveryCodesResponse } } },
    async (request) => {
      const answer = await enable(ctx(request), requireUser(request).id, request.body.code);
      // The code that turned it on is a fresh second factor for this session.
      if (request.sessionToken) await noteSecondFactor(services, services.clock, request.sessionToken);
      return answer;
    },
  );

  r.post(
    '/api/auth/2fa/disable',
    { config, schema: { body: twoFactorDisableRequest, response: { 204: z.null() } } },
    async (request, reply) => {
      await disable(ctx(request), guard(request), requireUser(request).id, request.body);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/auth/2fa/recovery-codes',
    { config, schema: { body: twoFactorCodeRequest, response: { 200: recoveryCodesResponse } } },
    async (request) =>
      regenerateRecoveryCodes(ctx(request), guard(request), requireUser(request).id, request.body.code),
  );

  r.get(
    '/api/auth/2fa/browsers',
    {
      config: { access: 'session', role: 'viewer', freshTwoFactor: false },
      schema: { response: { 200: z.array(rememberedBrowser) } },
    },
    async (request) => listRememberedBrowsers(services, services.clock, requireUser(request).id),
  );

  r.delete(
    '/api/auth/2fa/browsers/:id',
    {
      config: { audit: { transaction: false }, access: 'session', role: 'viewer', freshTwoFactor: false },
      schema: { params: idParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await forgetBrowser(services, requireUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.delete(
    '/api/auth/2fa/browsers/all',
    {
      config: { audit: { transaction: false }, access: 'session', role: 'viewer', freshTwoFactor: false },
      schema: { response: { 204: z.null() } },
    },
    async (request, reply) => {
      await forgetAllBrowsers(services, requireUser(request).id);
      return reply.status(204).send(null);
    },
  );

  // Proves the second factor again in this session, before a change that asks for a recent one.
  r.post(
    '/api/auth/2fa/confirm',
    { config, schema: { body: twoFactorDisableRequest, response: { 204: z.null() } } },
    async (request, reply) => {
      await confirmSecondFactor(ctx(request), guard(request), requireUser(request).id, request.body);
      if (request.sessionToken) await noteSecondFactor(services, services.clock, request.sessionToken);
      return reply.status(204).send(null);
    },
  );
}
