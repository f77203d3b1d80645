import type { Check } from '../../shared/checks';
import type { CheckRow } from '../db/schema';

const DAY_MS = 86_400_000;

export type DomainRow = {
  domain: string;
  state: string;
  expiresAt: Date | null;
  checkedAt: Date | null;
  reason: string | null;
};

/** A check as the API shows it: its definition, its state, and what its certificate and domain say. */
export function toCheck(
  row: CheckRow,
  extra: { websiteDomain: string | null; inMaintenance: boolean; domain: DomainRow | null; now: Date },
): Check {
  const daysUntil = (d: Date) => Math.floor((d.getTime() - extra.now.getTime()) / DAY_MS);
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    intervalSeconds: row.intervalSeconds,
    timeoutSeconds: row.timeoutSeconds,
    expectedStatus: row.expectedStatus,
    keyword: row.keyword,
    keywordMode: row.keywordMode as Check['keywordMode'],
    confirmations: row.confirmations,
    websiteId: row.websiteId,
    websiteDomain: extra.websiteDomain,
    status: row.paused ? 'paused' : (row.status as Check['status']),
    inMaintenance: extra.inMaintenance,
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    lastResponseMs: row.lastResponseMs,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    consecutiveFailures: row.consecutiveFailures,
    certificate: row.certValidTo
      ? {
          validTo: row.certValidTo.toISOString(),
          issuer: row.certIssuer,
          subject: row.certSubject,
          daysLeft: daysUntil(row.certValidTo),
        }
      : null,
    domainExpiry: extra.domain
      ? {
          domain: extra.domain.domain,
          state: extra.domain.state as 'known' | 'unknown' | 'pending',
          expiresAt: extra.domain.expiresAt?.toISOString() ?? null,
          daysLeft: extra.domain.expiresAt ? daysUntil(extra.domain.expiresAt) : null,
          checkedAt: extra.domain.checkedAt?.toISOString() ?? null,
          reason: extra.domain.reason,
        }
      : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
