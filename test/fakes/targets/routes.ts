import type { IncomingMessage, ServerResponse } from 'node:http';
import { trickleBody } from '../faults';
import { BIG_TAIL, FILLER_BLOCK, PAGES, type PageName } from './pages';

/**
 * What each path of a fake target answers. One server plays many sites: tests use the paths directly,
 * the demo names sites (`/site/{name}`) and maps each to one of these paths, changeable at run time.
 *
 *   /up  /down  /status/{code}  /slow?ms=  /slow-body?ms=  /hang  /big?kb=  /flap?period=
 *   /wordpress  /wordpress/db-error  /wordpress/critical  /wordpress/maintenance  (?status=, default 200)
 *   /redirect/{n} (n hops, then /up)  /redirect-to?url=  /site/{name}  /echo-headers
 */
export type RouteContext = {
  delay: (ms: number) => Promise<void>;
  slowMs: number;
  flapPeriodMs: number;
  startedAt: number;
  sites: Map<string, string>;
};

const HTML = { 'content-type': 'text/html; charset=utf-8' };
const PAGE_HEADERS = new Map(
  Object.entries(PAGES).map(([name, page]) => [name, { ...HTML, 'content-length': page.length }]),
);

export function sendPage(res: ServerResponse, status: number, name: PageName): void {
  res.writeHead(status, PAGE_HEADERS.get(name));
  res.end(PAGES[name]);
}

const WORDPRESS: Record<string, PageName> = {
  '': 'wordpress',
  'db-error': 'wordpressDbError',
  critical: 'wordpressCritical',
  maintenance: 'wordpressMaintenance',
};

export async function route(req: IncomingMessage, res: ServerResponse, ctx: RouteContext): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://fake');
  const [, first = '', second = ''] = url.pathname.split('/');
  const number = (name: string, fallback: number) => {
    const value = Number(url.searchParams.get(name));
    return Number.isFinite(value) && value > 0 ? value : fallback;
  };
  switch (first) {
    case '':
    case 'up':
      return sendPage(res, 200, 'up');
    case 'down':
      return sendPage(res, 503, 'down');
    case 'status':
      return sendPage(res, Math.min(599, Math.max(200, Number(second) || 500)), 'down');
    case 'slow':
      await ctx.delay(number('ms', ctx.slowMs));
      return sendPage(res, 200, 'up');
    case 'slow-body':
      res.writeHead(200, HTML);
      trickleBody(res, number('ms', ctx.slowMs), ctx.delay);
      return void res.end(PAGES.up.toString());
    case 'hang':
      return; // never answers; the server closes it on shutdown
    case 'big':
      return sendBig(res, number('kb', 2048));
    case 'flap': {
      const phase = Math.floor((Date.now() - ctx.startedAt) / number('period', ctx.flapPeriodMs));
      return phase % 2 === 0 ? sendPage(res, 200, 'up') : sendPage(res, 503, 'down');
    }
    case 'wordpress': {
      const page = WORDPRESS[second];
      return page ? sendPage(res, number('status', 200), page) : sendPage(res, 404, 'notFound');
    }
    case 'redirect': {
      const left = Number(second) || 0;
      res.writeHead(302, { location: left > 1 ? `/redirect/${left - 1}` : '/up', 'content-length': 0 });
      return void res.end();
    }
    case 'redirect-to':
      res.writeHead(302, { location: url.searchParams.get('url') ?? '/up', 'content-length': 0 });
      return void res.end();
    case 'echo-headers':
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify(req.headers));
    case 'site': {
      const target = ctx.sites.get(decodeURIComponent(second)) ?? '/up';
      if (target.startsWith('/site/')) return sendPage(res, 404, 'notFound');
      req.url = target;
      return route(req, res, ctx);
    }
    default:
      return sendPage(res, 404, 'notFound');
  }
}

/** `kb` KiB streamed without Content-Length, the keyword only at the end: the cap must stop the read. */
function sendBig(res: ServerResponse, kb: number): void {
  res.writeHead(200, HTML);
  res.on('error', () => {});
  let left = kb;
  const pump = () => {
    while (left > 0 && !res.destroyed) {
      left--;
      if (!res.write(FILLER_BLOCK)) return void res.once('drain', pump);
    }
    if (!res.destroyed) res.end(BIG_TAIL);
  };
  pump();
}
