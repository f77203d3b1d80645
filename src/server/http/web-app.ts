import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from './errors';

/**
 * Serves the built web app: hashed assets cached for a year, and index.html for every other GET that is
 * not under /api, so that client-side routes (and the app's own 404 page) work on reload.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string | undefined): Promise<void> {
  const index = webRoot ? path.join(webRoot, 'index.html') : undefined;
  const hasApp = index !== undefined && fs.existsSync(index);
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: webRoot!,
      wildcard: false,
      index: false,
      setHeaders: (res, file) => {
        res.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    // Asset files are registered one by one (wildcard: false), so a missing asset is a plain 404.
    app.get('/assets/*', { config: { public: true } }, async () => {
      throw notFound('No such file.');
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      throw notFound(`There is no API endpoint ${request.method} ${pathname}.`);
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && hasApp) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    throw notFound(
      hasApp ? 'Not found.' : 'The web app is not built. Run `npm run build`, or use `npm run dev`.',
    );
  });
}
