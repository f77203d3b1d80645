import { and, asc, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import type { Check, CheckInput } from '../../shared/checks';
import { type Actor, recordActivity } from '../activity/service';
import { checks, domains, incidents, websites } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { checksInMaintenance } from '../maintenance/coverage';
import type { Services } from '../services';
import { assertPublicUrl, CheckTargetError } from './probe';
import { registeredDomain } from './rdap';
import { toCheck } from './view';

/** Every check (or one, or a website's), by name, as the Uptime page and the API show them. */
export async function listChecks(
  services: Services,
  filter: { id?: number; websiteId?: number } = {},
): Promise<Check[]> {
  const where = filter.id
    ? eq(checks.id, filter.id)
    : filter.websiteId
      ? eq(checks.websiteId, filter.websiteId)
      : undefined;
  const { db, clock } = services;
  const rows = await db
    .select({ check: checks, domain: websites.domain })
    .from(checks)
    .leftJoin(websites, eq(websites.id, checks.websiteId))
    .where(where)
    .orderBy(asc(sql`lower(${checks.name})`), asc(checks.id));
  const now = clock.now();
  const names = [
    ...new Set(rows.map((r) => registeredDomain(hostOf(r.check.url))).filter((d) => d !== null)),
  ];
  const known = names.length ? await db.select().from(domains).where(inArray(domains.domain, names)) : [];
  const maintenance = await checksInMaintenance(
    db,
    rows.map((r) => r.check.id),
    now,
  );
  return rows.map((r) => {
    const name = registeredDomain(hostOf(r.check.url));
    return toCheck(r.check, {
      websiteDomain: r.domain,
      inMaintenance: maintenance.has(r.check.id),
      domain: name
        ? (known.find((d) => d.domain === name) ?? {
            domain: name,
            state: 'pending',
            expiresAt: null,
            checkedAt: null,
            reason: null,
          })
        : null,
      now,
    });
  });
}

export async function getCheck(services: Services, id: number): Promise<Check> {
  const [found] = await listChecks(services, { id });
  if (!found) throw notFound('Check not found');
  return found;
}

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
};

/** A clear 400 for a target this instance must not reach (S11), and for a website that is not there. */
async function vet(services: Services, input: CheckInput): Promise<void> {
  try {
    await assertPublicUrl(input.url, { allowPrivate: services.config.checks.allowPrivate });
  } catch (err) {
    if (err instanceof CheckTargetError) throw badRequest(err.message, { url: [err.message] });
    throw err;
  }
  if (input.websiteId !== null) {
    const [w] = await services.db
      .select({ id: websites.id })
      .from(websites)
      .where(eq(websites.id, input.websiteId));
    if (!w) throw badRequest('That website does not exist', { websiteId: ['That website does not exist'] });
  }
}

const definition = (input: CheckInput) => ({
  name: input.name ?? hostOf(input.url),
  url: input.url,
  intervalSeconds: input.intervalSeconds,
  timeoutSeconds: input.timeoutSeconds,
  expectedStatus: input.expectedStatus,
  keyword: input.keyword,
  keywordMode: input.keywordMode,
  confirmations: input.confirmations,
  websiteId: input.websiteId,
});

export async function createCheck(services: Services, input: CheckInput, actor?: Actor): Promise<Check> {
  await vet(services, input);
  const now = services.clock.now();
  const [row] = await services.db
    .insert(checks)
    .values({
      ...definition(input),
      createdBy: actor?.id ?? null,
      createdAt: now,
      updatedAt: now,
      nextDueAt: now,
    })
    .returning();
  await recordActivity(
    services.db,
    actor,
    {
      type: 'success',
      action: 'check.created',
      message: `added the check ${row!.name}`,
      link: `/uptime/checks/${row!.id}`,
      websiteId: row!.websiteId,
    },
    now,
  );
  return getCheck(services, row!.id);
}

export async function updateCheck(
  services: Services,
  id: number,
  input: CheckInput,
  actor?: Actor,
): Promise<Check> {
  await vet(services, input);
  const now = services.clock.now();
  const [row] = await services.db
    .update(checks)
    .set({
      ...definition(input),
      updatedAt: now,
      // A shorter interval takes effect now, not after the old, longer wait.
      nextDueAt: sql`least(${checks.nextDueAt}, ${new Date(now.getTime() + input.intervalSeconds * 1000)})`,
    })
    .where(eq(checks.id, id))
    .returning();
  if (!row) throw notFound('Check not found');
  await recordActivity(
    services.db,
    actor,
    {
      type: 'info',
      action: 'check.updated',
      message: `updated the check ${row.name}`,
      link: `/uptime/checks/${id}`,
      websiteId: row.websiteId,
    },
    now,
  );
  return getCheck(services, id);
}

/**
 * Deleting or pausing a check ends its open incident quietly: nobody is told it is "back up" when it
 * simply stopped being watched. Results of a deleted check go with it; its incidents stay in history.
 */
async function endQuietly(services: Services, checkId: number, cause: string) {
  const now = services.clock.now();
  await services.db
    .update(incidents)
    .set({
      endedAt: now,
      closeAlertedAt: now,
      cause: sql`coalesce(${incidents.cause}, '') || ${` (${cause})`}`,
    })
    .where(and(eq(incidents.source, 'check'), eq(incidents.checkId, checkId), isNull(incidents.endedAt)));
}

export async function deleteCheck(services: Services, id: number, actor?: Actor): Promise<void> {
  await endQuietly(services, id, 'check deleted');
  const [row] = await services.db.delete(checks).where(eq(checks.id, id)).returning({ name: checks.name });
  if (!row) throw notFound('Check not found');
  await recordActivity(services.db, actor, {
    type: 'warning',
    action: 'check.deleted',
    message: `deleted the check ${row.name}`,
    link: '/uptime',
  });
}

export async function setPaused(
  services: Services,
  id: number,
  paused: boolean,
  actor?: Actor,
): Promise<Check> {
  const now = services.clock.now();
  const [row] = await services.db
    .update(checks)
    .set(
      paused
        ? { paused, updatedAt: now }
        : { paused, updatedAt: now, nextDueAt: now, status: 'pending', consecutiveFailures: 0 },
    )
    .where(eq(checks.id, id))
    .returning();
  if (!row) throw notFound('Check not found');
  if (paused) await endQuietly(services, id, 'check paused');
  await recordActivity(
    services.db,
    actor,
    {
      type: 'info',
      action: paused ? 'check.paused' : 'check.resumed',
      message: `${paused ? 'paused' : 'resumed'} the check ${row.name}`,
      link: `/uptime/checks/${id}`,
      websiteId: row.websiteId,
    },
    now,
  );
  return getCheck(services, id);
}

/**
 * One click on a website, or the bulk action: a check of https://<domain> for each website (not
 * removed) that has none yet. Our websites are GridPane's WordPress sites, so their checks also treat
 * WordPress's own error pages as down.
 */
export async function createChecksForWebsites(
  services: Services,
  websiteIds: number[] | undefined,
  actor?: Actor,
): Promise<{ created: number; skipped: number }> {
  const { db, clock } = services;
  const now = clock.now();
  const candidates = await db
    .select({ id: websites.id, domain: websites.domain })
    .from(websites)
    .where(
      and(
        eq(websites.removed, false),
        websiteIds ? inArray(websites.id, websiteIds.length ? websiteIds : [0]) : undefined,
        notExists(db.select({ one: sql`1` }).from(checks).where(eq(checks.websiteId, websites.id))),
      ),
    );
  if (websiteIds) {
    const known = await db
      .select({ id: websites.id })
      .from(websites)
      .where(inArray(websites.id, websiteIds.length ? websiteIds : [0]));
    const missing = websiteIds.filter((id) => !known.some((k) => k.id === id));
    if (missing.length) throw notFound(`No website with id ${missing.slice(0, 5).join(', ')}`);
  }
  for (let i = 0; i < candidates.length; i += 500) {
    await db.insert(checks).values(
      candidates.slice(i, i + 500).map((w, n) => ({
        name: w.domain,
        url: `https://${w.domain}`,
        intervalSeconds: 60,
        timeoutSeconds: 10,
        expectedStatus: '200-399',
        confirmations: 2,
        websiteId: w.id,
        createdBy: actor?.id ?? null,
        createdAt: now,
        updatedAt: now,
        // Spread the first runs over the first minute instead of all at once.
        nextDueAt: new Date(now.getTime() + ((i + n) % 60) * 1000),
      })),
    );
  }
  const requested = websiteIds?.length ?? candidates.length;
  if (candidates.length) {
    await recordActivity(
      db,
      actor,
      {
        type: 'success',
        action: 'check.created',
        message:
          candidates.length === 1
            ? `added a check for ${candidates[0]!.domain}`
            : `added checks for ${candidates.length} websites`,
        link: '/uptime',
      },
      now,
    );
  }
  return { created: candidates.length, skipped: Math.max(0, requested - candidates.length) };
}
