import { eq, inArray } from 'drizzle-orm';
import pLimit from 'p-limit';
import { formatDateTime, zoneNote } from '../../shared/time';
import { dispatchAlert } from '../alerts';
import { withTransaction } from '../core/context';
import type { JobSpec } from '../core/jobs/engine';
import { defineJob } from '../core/jobs/registry';
import { checks, domains } from '../db/schema';
import type { Services } from '../services';
import { agencyTime } from '../settings';
import { daysUntil, type ExpiryThreshold, expiryWarning } from './expiry/thresholds';
import { registeredDomain } from './rdap';

export const DOMAINS_REFRESH_JOB = defineJob('domains-refresh');

/**
 * Once a day: the registration expiry of every registered domain our checks point at, from its
 * registry's RDAP service. "unknown" (with the reason) when the registry does not say; never a guess.
 * Warns at 30, 14, 7 and 0 days, once per threshold per registration.
 */
export async function refreshDomains(services: Services): Promise<{ known: number; unknown: number }> {
  const { db, clock } = services;
  const urls = await db.selectDistinct({ url: checks.url, websiteId: checks.websiteId }).from(checks);
  const sites = new Map<string, number[]>();
  for (const { url, websiteId } of urls) {
    const name = registeredDomain(new URL(url).hostname);
    if (!name) continue;
    sites.set(name, [...(sites.get(name) ?? []), ...(websiteId ? [websiteId] : [])]);
  }
  const names = [...sites.keys()];
  if (names.length === 0) return { known: 0, unknown: 0 };
  const previous = new Map(
    (await db.select().from(domains).where(inArray(domains.domain, names))).map((d) => [d.domain, d]),
  );
  const limit = pLimit(4);
  let known = 0;
  await Promise.all(
    names.map((name) =>
      limit(async () => {
        const answer = await services.rdap.domainExpiry(name);
        const now = clock.now();
        if (answer.status === 'unknown') {
          await db
            .insert(domains)
            .values({ domain: name, state: 'unknown', reason: answer.message, checkedAt: now })
            .onConflictDoUpdate({
              target: domains.domain,
              set: { state: 'unknown', reason: answer.message, checkedAt: now },
            });
          return;
        }
        known++;
        const before = previous.get(name);
        const last =
          before?.warnedFor && before.warnedDays !== null
            ? { validTo: before.warnedFor.toISOString(), threshold: before.warnedDays as ExpiryThreshold }
            : null;
        const threshold = expiryWarning(answer.expiresAt, now, last);
        await withTransaction(services, async (ctx) => {
          const tx = ctx.db;
          const warned =
            threshold === null ? {} : { warnedDays: threshold, warnedFor: new Date(answer.expiresAt) };
          await tx
            .insert(domains)
            .values({
              domain: name,
              state: 'known',
              expiresAt: new Date(answer.expiresAt),
              reason: null,
              checkedAt: now,
              ...warned,
            })
            .onConflictDoUpdate({
              target: domains.domain,
              set: {
                state: 'known',
                expiresAt: new Date(answer.expiresAt),
                reason: null,
                checkedAt: now,
                ...warned,
              },
            });
          if (threshold === null) return;
          const days = daysUntil(answer.expiresAt, now);
          const time = await agencyTime({ db: tx });
          await dispatchAlert(
            ctx,
            {
              event: 'domain',
              key: `domain:${name}:${answer.expiresAt}:${threshold}`,
              title:
                days < 0
                  ? `The domain ${name} has expired`
                  : `The domain ${name} expires in ${days} day${days === 1 ? '' : 's'}`,
              body: `Its registration ends ${formatDateTime(answer.expiresAt, time)}${zoneNote(time)}${answer.registrar ? ` (registrar: ${answer.registrar})` : ''}. Renew it before the sites on it stop working.`,
              link: '/uptime',
              action: 'domain.expiring',
            },
            { websiteIds: sites.get(name) ?? [] },
          );
        });
      }),
    ),
  );
  return { known, unknown: names.length - known };
}

/** Looks up one domain now (a new check's domain should not wait a day for its expiry). */
export async function refreshDomainOf(services: Services, url: string): Promise<void> {
  const name = registeredDomain(new URL(url).hostname);
  if (!name) return;
  const [row] = await services.db.select().from(domains).where(eq(domains.domain, name));
  if (row?.checkedAt && services.clock.now().getTime() - row.checkedAt.getTime() < 86_400_000) return;
  await services.jobs.send(DOMAINS_REFRESH_JOB);
}

export const domainsJob = (services: Services): JobSpec => ({
  name: DOMAINS_REFRESH_JOB.name,
  policy: 'stately',
  retryLimit: 2,
  cron: '23 4 * * *',
  run: () => refreshDomains(services),
});
