import type { ServerResponse } from 'node:http';
import { sendOversized } from '../faults';
import type { RawObject } from './fleet';

export type Wrapper = 'data' | 'data-array' | 'named' | 'bare';
export type FailureMode =
  | 'unauthorized'
  | 'server_error'
  | 'bad_gateway'
  | 'unavailable'
  | 'slow'
  | 'slow_body'
  | 'malformed'
  | 'html'
  | 'wrong_shape'
  | 'wrong_items'
  | 'oversized'
  | 'rate_limited';

export function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export function sendRaw(res: ServerResponse, status: number, contentType: string, text: string) {
  res.writeHead(status, { 'content-type': contentType });
  res.end(text);
}

/** The four single-object wrappers real clients disagree about; the fake serves one at a time. */
export function wrapSingle(item: RawObject, wrapper: Wrapper, name: string): unknown {
  switch (wrapper) {
    case 'data':
      return { data: item };
    case 'data-array':
      return { data: [item] };
    case 'named':
      return { [name]: item };
    case 'bare':
      return item;
  }
}

/** Laravel's LengthAwarePaginator JSON, with URLs built from the fake's own host. */
export function paginate(items: readonly unknown[], page: number, perPage: number, path: string) {
  const total = items.length;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const url = (p: number) => `${path}?page=${p}`;
  const slice = items.slice((page - 1) * perPage, page * perPage);
  const from = slice.length ? (page - 1) * perPage + 1 : null;
  const pageLinks = Array.from({ length: lastPage }, (_, i) => ({
    url: url(i + 1),
    label: String(i + 1),
    active: i + 1 === page,
  }));
  return {
    data: slice,
    links: {
      first: url(1),
      last: url(lastPage),
      prev: page > 1 ? url(page - 1) : null,
      next: page < lastPage ? url(page + 1) : null,
    },
    meta: {
      current_page: page,
      from,
      last_page: lastPage,
      links: [
        { url: page > 1 ? url(page - 1) : null, label: '&laquo; Previous', active: false },
        ...pageLinks,
        { url: page < lastPage ? url(page + 1) : null, label: 'Next &raquo;', active: false },
      ],
      path,
      per_page: perPage,
      to: from === null ? null : from + slice.length - 1,
      total,
    },
  };
}

/** Bodies for the failure modes that are not plain status codes. */
export function sendFailure(res: ServerResponse, mode: FailureMode, headers: Record<string, string>) {
  switch (mode) {
    case 'unauthorized':
      return send(res, 401, { message: 'Unauthenticated.' });
    case 'server_error':
      return send(res, 500, { message: 'Server Error' });
    case 'bad_gateway':
      // What a proxy in front of GridPane sends: HTML, not JSON.
      return sendRaw(res, 502, 'text/html', '<html><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>');
    case 'unavailable':
      // Laravel's maintenance mode, answering a client that asked for JSON.
      return send(res, 503, { message: 'Service Unavailable' });
    case 'malformed':
      return sendRaw(res, 200, 'application/json', '{"data":[{"id":495737,"url":"brightsmi');
    case 'html':
      return sendRaw(
        res,
        200,
        'text/html; charset=utf-8',
        '<!doctype html><html><title>Maintenance</title></html>',
      );
    case 'wrong_shape':
      return send(res, 200, { status: 'ok', result: 'unexpected', items: 'none' });
    case 'wrong_items':
      // A list page whose items are all unrecognisable (renamed fields): nothing in it is a site.
      return send(res, 200, {
        data: [
          { site_id: 'a1', domain: 'renamed-one.example' },
          { site_id: 'a2', domain: 'renamed-two.example' },
        ],
        meta: { current_page: 1, last_page: 1, total: 2 },
      });
    case 'oversized':
      return sendOversized(res);
    case 'rate_limited':
      return send(res, 429, { message: "Beep, Beep, you're going too fast..." }, headers);
    case 'slow':
    case 'slow_body':
      return; // handled by the caller: it delays the answer or trickles its body
  }
}
