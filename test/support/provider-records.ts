import { listColumns } from '../../src/server/provider-cache/columns';
import { monitorsKey } from '../../src/server/providers/betteruptime/keys';

/**
 * A Better Uptime monitor as a sync stores it in provider_records: the JSON it answered (status up
 * unless `attributes` say otherwise) and the list columns filled from it (the normalised domain among
 * them).
 */
export function storedMonitor(
  externalId: string,
  url: string,
  at: Date,
  attributes: Record<string, unknown> = {},
) {
  const data = { id: externalId, attributes: { url, pronounceable_name: '', status: 'up', ...attributes } };
  return { ...monitorsKey, externalId, data, syncedAt: at, ...listColumns(monitorsKey, data) };
}
