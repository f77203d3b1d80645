import type { ServerResponse } from 'node:http';
import { sendOversized } from '../faults';
import { send, sendRaw } from '../gridpane/respond';
import type { WordPressCase } from './cases';

/**
 * The reliability faults of one site (HTML error pages from security plugins and firewalls,
 * timeouts…), in the order a request meets them: the proxy or firewall in front, then WordPress
 * itself, then the plugin's answer.
 */

/** Answers from in front of WordPress, or from WordPress before any plugin runs; false: not one of them. */
export function sendSiteFault(res: ServerResponse, mode: WordPressCase): boolean {
  switch (mode) {
    case 'bad_gateway':
      sendRaw(res, 502, 'text/html', '<html><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>');
      return true;
    case 'rate_limited':
      // A WAF or CDN throttling the site: the plugin itself has no limit, so the wait is a plain Retry-After.
      res.writeHead(429, { 'content-type': 'text/html', 'retry-after': '120' });
      res.end('<!DOCTYPE html><html><title>429 Too Many Requests</title><body>Slow down</body></html>');
      return true;
    case 'maintenance':
      // wp_maintenance(): 503 + Retry-After 600; wp_die answers JSON to a request that accepts JSON.
      res.writeHead(503, { 'content-type': 'application/json; charset=UTF-8', 'retry-after': '600' });
      res.end(
        JSON.stringify({
          code: 'wp_die',
          message: 'Briefly unavailable for scheduled maintenance. Check back in a minute.',
          data: { status: 503 },
          additional_errors: [],
        }),
      );
      return true;
    default:
      return false;
  }
}

/** The plugin's own answer gone wrong, given the snapshot it meant to send; false: not a fault. */
export function sendSnapshotFault(
  res: ServerResponse,
  mode: WordPressCase,
  snapshot: Record<string, unknown>,
): boolean {
  switch (mode) {
    case 'server_error':
      // WordPress's fatal-error handler, answering JSON: its message is HTML.
      send(res, 500, {
        code: 'internal_server_error',
        message:
          '<p>There has been a critical error on this website.</p><p><a href="https://wordpress.org/documentation/article/faq-troubleshooting/">Learn more about troubleshooting WordPress.</a></p>',
        data: { status: 500 },
        additional_errors: [],
      });
      return true;
    case 'malformed':
      sendRaw(res, 200, 'application/json', JSON.stringify(snapshot).slice(0, 80));
      return true;
    case 'wrong_shape':
      // Another plugin answering on the route with its own JSON: no schema_version, nothing of ours.
      send(res, 200, { success: true, data: { version: '6.5.3', cache: 'hit' } });
      return true;
    case 'bad_field':
      // One field of the wrong type among good ones.
      send(res, 200, { ...snapshot, plugin_count: 'twenty-three' });
      return true;
    case 'oversized':
      sendOversized(res);
      return true;
    default:
      return false;
  }
}
