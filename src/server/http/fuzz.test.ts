import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { fromSchema, paramValue } from '../../../test/support/arbitraries';
import { ProviderError } from '../core/outbound/provider-error';

// Every route has a request schema that rejects unknown or malformed input: thrown generated bodies,
// params and queries derived from its own zod schemas, it never answers 5xx, and every error is the
// JSON error shape.
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
  // No generated address may ever be called: every provider call fails as if the network were down.
  const offline = () => {
    throw new ProviderError('network', 'offline in this test', { provider: 'test' });
  };
  t.services.providers.gridpane = () => new Proxy({}, { get: () => offline }) as never;
  t.services.providers.betteruptime = () => new Proxy({}, { get: () => offline }) as never;
  t.services.providers.snapshot = async () => offline();
});
afterAll(() => t.close());

const toJson = (schema: unknown) => {
  if (!(schema instanceof z.ZodType)) return undefined;
  return z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as Parameters<typeof fromSchema>[0];
};
const errorShape = z.object({ message: z.string().min(1), code: z.string().min(1) });

describe('every route with generated input', () => {
  it('never answers 5xx, and errors keep the JSON error shape', async () => {
    const routes = t.app.routeTable.filter((r) => r.url.startsWith('/api/') && r.url !== '/api/auth/logout');
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      const params = (route.url.match(/:(\w+)/g) ?? []).map((p) => p.slice(1));
      const query = toJson(route.schema?.querystring);
      await fc.assert(
        fc.asyncProperty(
          fromSchema(toJson(route.schema?.body)),
          fc.tuple(...params.map(() => paramValue)),
          fc.dictionary(
            fc.constantFrom(...Object.keys(query?.properties ?? {}), 'x'),
            fc.oneof(fc.string(), fc.integer().map(String)),
            { maxKeys: 3 },
          ),
          async (body, values, qs) => {
            let url = route.url;
            params.forEach((p, i) => {
              url = url.replace(`:${p}`, values[i] ?? '1');
            });
            const search = new URLSearchParams(qs).toString();
            const res = await t.app.inject({
              method: route.method as 'POST',
              url: search ? `${url}?${search}` : url,
              headers: { cookie },
              ...(route.method === 'GET' || body === undefined
                ? {}
                : { payload: JSON.stringify(body), headers: { cookie, 'content-type': 'application/json' } }),
            });
            // 502/504 are how a provider being unreachable is told (here: always); anything else 5xx is a bug.
            const providerDown = res.statusCode >= 502 && String(res.json().code).startsWith('provider_');
            if (res.statusCode >= 500 && !providerDown)
              throw new Error(`${route.method} ${url} → ${res.statusCode} ${res.body}`);
            if (res.statusCode >= 400)
              expect(errorShape.safeParse(res.json()).success, `${route.method} ${url}: ${res.body}`).toBe(
                true,
              );
          },
        ),
        { numRuns: 25 },
      );
    }
  }, 120_000);
});
