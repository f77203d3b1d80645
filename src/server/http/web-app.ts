import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../core/errors';
import { declareAccess } from './access';

/**
 * Serves the built web app: hashed assets cached for a year, and index.html for every other GET that is
 * not under /api, so that client-side routes (and the app's own 404 page) work on reload.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string | undefined): Promise<void> {
  const index = webRoot ? path.join(webRoot, 'index.html') : undefined;
  const hasApp = index !== undefined && fs.existsSync(index);
  if (hasApp) {
    await app.register(async (files) => {
      // The built app's files are public: the sign-in page needs them before anyone is signed in.
      declareAccess(files, 'public');
      await files.register(fastifyStatic, {
        root: webRoot!,
        wildcard: false,
        index: false,
        setHeaders: (res, file) => {
          res.header(
            'cache-control',
            file.includes(`${path.sep}assets${path.sep}`)
              ? 'public, max-age=31536000, immutable'
              : 'no-cache',
          );
        },
      });
    });
    // Asset files are registered one by one (wildcard: false), so a missing asset is a plain 404.
    app.get('/assets/*', { config: { access: 'public' } }, async () => {
      throw notFound('No such file.');
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // Any spelling of an API path (`/%61pi/x`, `/API/x`, `//api/x`) gets the API's JSON 404, never the
    // web app: what looks like an API call is answered as one.
    if (looksLikeApi(pathname)) {
      reply.header('cache-control', 'no-store');
      throw notFound(`There is no API endpoint ${request.method} ${printable(pathname)}.`);
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && hasApp) {
      const html = await fs.promises.readFile(index!);
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    }
    throw notFound(
      hasApp ? 'Not found.' : 'The web app is not built. Run `npm run build`, or use `npm run dev`.',
    );
  });
}

/** Whether a path, once decoded, case-folded and cleaned of empty and dot segments, is under /api. */
export function looksLikeApi(pathname: string): boolean {
  let decoded = pathname;
  for (let i = 0; i < 3 && /%[0-9a-f]{2}/i.test(decoded); i++) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      break;
    }
  }
  const segments: string[] = [];
  for (const raw of decoded.toLowerCase().split(/[/\\]+/)) {
    const segment = raw.split(';')[0] ?? '';
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  const first = segments[0];
  return first === 'api';
}

const printable = (value: string) => value.replace(/[^\x20-\x7e]+/g, '?').slice(0, 200);
