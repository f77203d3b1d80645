import { DEFAULT_HDSNAPSHOT_URL_TEMPLATE, isAllowedProviderUrl } from '../../../shared/integrations';
import { ProviderError } from '../../core/outbound/provider-error';

/**
 * The snapshot address is built from a template and a site domain that came from another provider, so
 * the domain is checked to be a bare hostname first: "evil.com/x", "a@b", "host:8080", "x?y" or
 * "x#y" could otherwise move the request (and the global token) to a path, user or port we did not
 * choose. Ports belong in the template, never in the domain. Which addresses the host may be is the
 * outbound address rule's to say, when the request connects (requestJson).
 */
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

export function normaliseDomain(domain: string): string | null {
  const value = domain.trim().toLowerCase().replace(/\.$/, '');
  if (value.length === 0 || value.length > 253) return null;
  return value.split('.').every((label) => LABEL.test(label)) ? value : null;
}

const refuse = (message: string) =>
  new ProviderError('network', message, { provider: 'hdsnapshot', status: 400 });

/** The full URL for `route` ('snapshot' or 'ping') on `domain`; throws ProviderError when refused. */
export function snapshotUrl(
  domain: string,
  template = DEFAULT_HDSNAPSHOT_URL_TEMPLATE,
  route = 'snapshot',
): string {
  const host = normaliseDomain(domain);
  if (!host)
    throw refuse(`HD Snapshot: "${printable(domain)}" is not a plain domain name, so it was not contacted`);
  if (!template.includes('{domain}')) throw refuse('The HD Snapshot address template must contain {domain}');
  let url = template.replaceAll('{domain}', host);
  if (route !== 'snapshot') {
    // /ping sits beside /snapshot; a template that does not end in /snapshot gives us no safe sibling.
    if (!/\/snapshot\/?$/.test(url))
      throw refuse(`HD Snapshot on ${host}: the address template has no /snapshot route`);
    url = url.replace(/\/snapshot(\/?)$/, `/${route}$1`);
  }
  // https only (the global token must never travel in clear), plain http just for loopback fakes.
  if (!isAllowedProviderUrl(url)) {
    throw refuse(
      `HD Snapshot on ${host}: refusing a non-https address (the global token must not travel in clear)`,
    );
  }
  return url;
}

const printable = (value: string) => value.replace(/[^\x20-\x7e]+/g, '?').slice(0, 80);
