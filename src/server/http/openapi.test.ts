import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';

let t: TestApp;
let cookie: string;
type Operation = {
  requestBody?: { content: Record<string, { schema: object }> };
  parameters?: { in: string; name: string }[];
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
  security?: object[];
};
let doc: { openapi: string; paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t.close());

const documented = (url: string) =>
  url.startsWith('/api/') && url !== '/api/openapi.json' && !url.startsWith('/api/docs');
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('GET /api/openapi.json', () => {
  it('documents every API route, including routes added later', () => {
    const routes = t.app.routeTable.filter((r) => documented(r.url));
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      const op = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.url} is missing from the OpenAPI document`).toBeDefined();
    }
  });

  it('gives each route its request schemas, its answer and its errors', () => {
    expect(doc.openapi).toBe('3.1.0');
    for (const route of t.app.routeTable.filter((r) => documented(r.url))) {
      const op = doc.paths[openApiPath(route.url)]![route.method.toLowerCase()]!;
      const name = `${route.method} ${route.url}`;
      if (route.schema?.body) expect(op.requestBody?.content['application/json']?.schema, name).toBeDefined();
      for (const param of route.url.match(/:(\w+)/g) ?? [])
        expect(
          op.parameters?.some((p) => p.in === 'path' && p.name === param.slice(1)),
          name,
        ).toBe(true);
      const success = Object.keys(op.responses).filter((s) => /^2/.test(s));
      expect(success.length, name).toBeGreaterThan(0);
      const error = op.responses.default!.content!['application/json']!.schema;
      expect(error, name).toMatchObject({ required: ['message', 'code'] });
      if (route.access !== 'public') expect(op.responses['401'], name).toBeDefined();
    }
  });

  it('names the fields of requests and answers from the zod contract', () => {
    const create = doc.paths['/api/tokens']!.post!;
    expect(create.requestBody!.content['application/json']!.schema).toMatchObject({
      properties: {
        name: { type: 'string', minLength: 1 },
        expiresInDays: expect.any(Object),
        readOnly: { type: 'boolean', default: false },
      },
      required: ['name', 'expiresInDays'],
      additionalProperties: false,
    });
    expect(create.responses['201']!.content!['application/json']!.schema).toMatchObject({
      required: ['id', 'name', 'token', 'expiresAt', 'readOnly'],
    });
    expect(doc.paths['/api/auth/login']!.post!.security).toEqual([]);
    expect(doc.paths['/api/auth/sessions']!.get!.security).toEqual([{ session: [] }]);
  });

  it('is for signed-in users only, as is the reference', async () => {
    for (const url of ['/api/openapi.json', '/api/docs', '/api/docs/static/swagger-ui-bundle.js']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});

describe('GET /api/docs', () => {
  it('serves the reference from our own origin, with no inline script', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/src="\.\/static\/[\w.-]+\.js"/);
      expect(body!.trim()).toBe('');
    }
    expect(page.body).not.toMatch(/https?:\/\//);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    const bundle = await t.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-ui-bundle.js',
      headers: { cookie },
    });
    expect(bundle.statusCode).toBe(200);
    const init = await t.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-initializer.js',
      headers: { cookie },
    });
    expect(init.body).toContain("resolveUrl('./json')");
  });
});
