import type { ServerResponse } from 'node:http';
import { sendOversized } from '../faults';
import { send, sendRaw } from '../gridpane/respond';
import type { RawMonitor } from './monitors';

export type FakeBetterUptimeFailure =
  | 'unauthorized'
  | 'server_error'
  | 'bad_gateway'
  | 'unavailable'
  | 'rate_limited'
  | 'slow'
  | 'slow_body'
  | 'malformed'
  | 'html'
  | 'wrong_shape'
  | 'wrong_items'
  | 'oversized'
  | 'validation_error';

export type PageOptions = { defaultPerPage: number; maxPerPage: number; linkOrigin?: string };

/**
 * One page of GET /monitors: exact `url` / `pronounceable_name` filters (the docs do not say substring),
 * and pagination links built from the request's own origin, keeping its filters, as Better Uptime does.
 */
export function listPage(monitors: RawMonitor[], url: URL, options: PageOptions) {
  const filters = ['url', 'pronounceable_name'] as const;
  const items = monitors.filter((m) =>
    filters.every((f) => !url.searchParams.has(f) || m.attributes[f] === url.searchParams.get(f)),
  );
  const asked = Number.parseInt(url.searchParams.get('per_page') ?? '', 10) || options.defaultPerPage;
  const perPage = Math.min(Math.max(1, asked), options.maxPerPage);
  const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const link = (p: number) => {
    const params = new URLSearchParams(url.searchParams);
    params.set('page', String(p));
    params.set('per_page', String(perPage));
    return `${options.linkOrigin ?? url.origin}${url.pathname}?${params}`;
  };
  return {
    data: items.slice((page - 1) * perPage, page * perPage),
    pagination: {
      first: link(1),
      last: link(last),
      prev: page > 1 ? link(page - 1) : null,
      next: page < last ? link(page + 1) : null,
    },
  };
}

/**
 * Failure answers; 'slow' and 'slow_body' are handled by the server (it delays the answer or trickles
 * its body). `retryAfterSeconds` is the `Retry-After` of a 429: the only wait hint Better Uptime gives.
 */
export function sendFailure(
  res: ServerResponse,
  mode: Exclude<FakeBetterUptimeFailure, 'slow' | 'slow_body'>,
  retryAfterSeconds = 1,
) {
  switch (mode) {
    case 'unauthorized':
      return send(res, 401, { errors: 'Invalid Team API token' });
    case 'server_error':
      return send(res, 500, { errors: 'Something went wrong on our side' });
    case 'bad_gateway':
      // The CDN in front of the API, when the API behind it is down: an HTML page.
      return sendRaw(
        res,
        502,
        'text/html; charset=UTF-8',
        '<!DOCTYPE html><html><title>betteruptime.com | 502: Bad gateway</title><body>Bad gateway</body></html>',
      );
    case 'unavailable':
      return send(res, 503, { errors: 'Service temporarily unavailable' });
    case 'rate_limited':
      return send(res, 429, { errors: 'Too many requests' }, { 'retry-after': String(retryAfterSeconds) });
    case 'wrong_shape':
      // One monitor object where the list should be: no `data` array to read.
      return send(res, 200, { data: { id: '1', type: 'monitor' }, pagination: null });
    case 'wrong_items':
      // A list whose items have lost their attributes: nothing in it is a monitor.
      return send(res, 200, {
        data: [
          { id: '1', type: 'monitor', attributes: 'unavailable' },
          { id: '2', type: 'monitor' },
        ],
        pagination: { first: null, last: null, prev: null, next: null },
      });
    case 'oversized':
      return sendOversized(res);
    case 'validation_error':
      // The 422 shape from the docs: `errors` as a field → messages map.
      return send(res, 422, {
        errors: { url: ['is invalid'], check_frequency: ['must be one of 30, 60, 180'] },
      });
    case 'malformed':
      return sendRaw(res, 200, 'application/json', '{"data":[{"id":"2217694","type":"monitor","attrib');
    case 'html':
      return sendRaw(
        res,
        200,
        'text/html; charset=utf-8',
        '<!doctype html><html><title>Better Stack</title></html>',
      );
  }
}
