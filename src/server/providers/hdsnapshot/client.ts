import { DEFAULT_HDSNAPSHOT_URL_TEMPLATE } from '../../../shared/integrations';
import type { AddressPolicy } from '../../core/outbound';
import { ProviderError } from '../../core/outbound/provider-error';
import { type JsonResponse, requestJson } from '../../core/outbound/provider-http';
import { fromStatus, fromTransport, notSnapshot } from './errors';
import { type Snapshot, SUPPORTED_SCHEMA, schemaVersion, toSnapshot, withoutSecrets } from './parse';
import { normaliseDomain, snapshotUrl } from './url';

export type { Snapshot } from './parse';

export type SnapshotRequest = {
  /** The site's bare domain, as GridPane gives it ("example.com"). */
  domain: string;
  /** The one global token; sent to every site, so only ever over https. */
  token: string;
  /**
   * The instance's outbound address rule: the domain comes from another provider, so a site whose
   * domain is (or resolves to) a loopback or private address is never contacted.
   */
  addressPolicy: AddressPolicy;
  urlTemplate?: string;
  timeoutMs?: number;
  maxBytes?: number;
};

export type SnapshotResult = {
  snapshot: Snapshot;
  raw: Record<string, unknown>;
  /** Set when the snapshot uses a newer schema than we know: fields are best-effort, show `raw`. */
  warning?: string;
};

export type PingResult = { ok: boolean; plugin_version: string | null; schema_version: number | null };

// Each call runs PHP on a client's site: 10 s is generous for a cached transient, 1 MiB for a summary.
const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BYTES = 1024 * 1024;

/** One GET to the plugin; redirects are not followed (requestJson) and come back as errors here. */
async function call(request: SnapshotRequest, route: 'snapshot' | 'ping'): Promise<Record<string, unknown>> {
  const url = snapshotUrl(request.domain, request.urlTemplate ?? DEFAULT_HDSNAPSHOT_URL_TEMPLATE, route);
  const domain = normaliseDomain(request.domain)!;
  const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let response: JsonResponse;
  try {
    response = await requestJson(url, {
      addressPolicy: request.addressPolicy,
      // The plugin's own header survives proxies that strip Authorization; Bearer is the fallback it reads.
      headers: {
        'x-hd-snapshot-token': request.token,
        authorization: `Bearer ${request.token}`,
        accept: 'application/json',
      },
      timeoutMs,
      maxBytes: request.maxBytes ?? DEFAULT_MAX_BYTES,
    });
  } catch (error) {
    if (error instanceof ProviderError) throw fromTransport(domain, error, timeoutMs);
    throw error;
  }
  if (response.status < 200 || response.status >= 300) throw fromStatus(domain, response);
  const body = response.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw notSnapshot(domain, 'got JSON that is not an object', { upstreamStatus: response.status });
  }
  return body as Record<string, unknown>;
}

/** GET /snapshot on one site: the summary fields, the raw payload (secrets dropped), maybe a warning. */
export async function fetchSnapshot(request: SnapshotRequest): Promise<SnapshotResult> {
  const body = await call(request, 'snapshot');
  const domain = normaliseDomain(request.domain)!;
  const version = schemaVersion(body);
  if (version === null) throw notSnapshot(domain, 'got JSON without a schema_version');
  const raw = withoutSecrets(body) as Record<string, unknown>;
  const result: SnapshotResult = { snapshot: toSnapshot(raw, version), raw };
  if (version > SUPPORTED_SCHEMA) {
    result.warning = `HD Snapshot on ${domain} uses schema version ${version}, newer than this dashboard knows (${SUPPORTED_SCHEMA}); the summary may be incomplete, the raw data is complete`;
  }
  return result;
}

/** GET /ping: checks the plugin and the token without making the site build a snapshot. */
export async function pingSnapshot(request: SnapshotRequest): Promise<PingResult> {
  const body = await call(request, 'ping');
  return {
    ok: body.ok === true,
    plugin_version: typeof body.plugin_version === 'string' ? body.plugin_version : null,
    schema_version: schemaVersion(body),
  };
}
