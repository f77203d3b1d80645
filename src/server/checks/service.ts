import { and, asc, eq, inArray, notExists, sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import type { Check, CheckInput, ChecksForWebsites } from '../../shared/checks';
import { normaliseDomain } from '../../shared/domains';
import { recordActivity } from '../activity';
import { withTransaction } from '../core/context';
import { badRequest, notFound } from '../core/errors';
import { clientInScope, isScoped, websiteInScope } from '../core/scope';
import { checks, domains, websites } from '../db/schema';
import { closeIncident } from '../incidents';
import { checksInMaintenance } from '../maintenance';
import type { Services } from '../services';
import { refreshHealth } from '../websites';
import { registeredDomain } from './rdap';
import { checkTargetProblem } from './target';
import { toCheck } from './view';

/** Every check (or one, or a website's), by name, as the Uptime page and the API show them. */
export async function listChecks(
  services: Services,
  filter: { id?: number; websiteId?: number } = {},
): Promise<Check[]> {
  const where = and(
    filter.id
      ? eq(checks.id, filter.id)
      : filter.websiteId
        ? eq(checks.websiteId, filter.websiteId)
        : undefined,
    // A person limited to chosen clients sees the checks of those clients' websites.
    isScoped(services) ? websiteInScope(services, sql`${checks.websiteId}`) : undefined,
  );
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
    { db },
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

/**
 * A clear 400 for a target this instance must not reach, and for a website that is not there. A check
 * named for no website watches the website of its address's domain, when there is one (not removed):
 * its website page and client page show it at once, and the website's health follows it.
 */
async function vet(services: Services, input: CheckInput): Promise<CheckInput> {
  const problem = await checkTargetProblem(services, input.url);
  if (problem) throw badRequest(problem, { url: [problem] });
  const mine = clientInScope(services, sql`${websites.clientId}`);
  if (input.websiteId !== null) {
    const [w] = await services.db
      .select({ id: websites.id })
      .from(websites)
      .where(and(eq(websites.id, input.websiteId), mine));
    if (!w) throw badRequest('That website does not exist', { websiteId: ['That website does not exist'] });
    return input;
  }
  const domain = normaliseDomain(hostOf(input.url));
  const [same] = domain
    ? await services.db
        .select({ id: websites.id })
        .from(websites)
        .where(and(eq(websites.domain, domain), eq(websites.removed, false), mine))
    : [];
  if (same) return { ...input, websiteId: same.id };
  // A check that belongs to none of a limited person's clients would be out of their sight at once.
  if (isScoped(services))
    throw badRequest(SCOPED_CHECK_NEEDS_WEBSITE, { websiteId: [SCOPED_CHECK_NEEDS_WEBSITE] });
  return input;
}

const SCOPED_CHECK_NEEDS_WEBSITE = 'Choose one of your clients’ websites for this check.';

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

export async function createCheck(services: Services, asked: CheckInput): Promise<Check> {
  const input = await vet(services, asked);
  const id = await withTransaction(services, async (tx) => {
    const now = tx.clock.now();
    const [row] = await tx.db
      .insert(checks)
      .values({
        ...definition(input),
        createdBy: tx.actor?.id ?? null,
        createdAt: now,
        updatedAt: now,
        nextDueAt: now,
      })
      .returning();
    await refreshHealth({ db: tx.db }, now, row!.websiteId ? [row!.websiteId] : []);
    await recordActivity(tx, {
      type: 'success',
      action: 'check.created',
      message: `added the check ${row!.name}`,
      link: `/uptime/checks/${row!.id}`,
      websiteId: row!.websiteId,
    });
    return row!.id;
  });
  return getCheck(services, id);
}

export async function updateCheck(services: Services, id: number, input: CheckInput): Promise<Check> {
  await getCheck(services, id); // a check out of the person's sight is not found
  await vet(services, input);
  await withTransaction(services, async (tx) => {
    const now = tx.clock.now();
    const [before] = await tx.db
      .select({ websiteId: checks.websiteId })
      .from(checks)
      .where(eq(checks.id, id));
    const [row] = await tx.db
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
    await refreshHealth(
      { db: tx.db },
      now,
      [before?.websiteId, row.websiteId].filter((w): w is number => !!w),
    );
    await recordActivity(tx, {
      type: 'info',
      action: 'check.updated',
      message: `updated the check ${row.name}`,
      link: `/uptime/checks/${id}`,
      websiteId: row.websiteId,
    });
  });
  return getCheck(services, id);
}

/**
 * Deleting or pausing a check ends its open incident quietly (no "back up": it simply stopped being
 * watched). Results of a deleted check go with it; its incidents stay in history.
 */
export async function deleteCheck(services: Services, id: number): Promise<void> {
  await getCheck(services, id); // a check out of the person's sight is not found
  const now = services.clock.now();
  await withTransaction(services, async (ctx) => {
    const tx = ctx.db;
    await closeIncident(ctx, { checkId: id }, now, 'check-deleted');
    const [row] = await tx
      .delete(checks)
      .where(eq(checks.id, id))
      .returning({ name: checks.name, websiteId: checks.websiteId });
    if (!row) throw notFound('Check not found');
    await refreshHealth({ db: tx }, now, row.websiteId ? [row.websiteId] : []);
    await recordActivity(ctx, {
      type: 'warning',
      action: 'check.deleted',
      message: `deleted the check ${row.name}`,
      link: '/uptime',
    });
  });
}

export async function setPaused(services: Services, id: number, paused: boolean): Promise<Check> {
  await getCheck(services, id); // a check out of the person's sight is not found
  const now = services.clock.now();
  await withTransaction(services, async (ctx) => {
    const tx = ctx.db;
    const [row] = await tx
      .update(checks)
      .set(
        paused
          ? { paused, updatedAt: now, statusSince: now }
          : {
              paused,
              updatedAt: now,
              nextDueAt: now,
              status: 'pending',
              statusSince: now,
              consecutiveFailures: 0,
            },
      )
      .where(eq(checks.id, id))
      .returning();
    if (!row) throw notFound('Check not found');
    if (paused) await closeIncident(ctx, { checkId: id }, now, 'paused');
    await refreshHealth({ db: tx }, now, row.websiteId ? [row.websiteId] : []);
    await recordActivity(ctx, {
      type: 'info',
      action: paused ? 'check.paused' : 'check.resumed',
      message: `${paused ? 'paused' : 'resumed'} the check ${row.name}`,
      link: `/uptime/checks/${id}`,
      websiteId: row.websiteId,
    });
  });
  return getCheck(services, id);
}

/**
 * One click on a website, or the bulk action: a check of https://<domain> for each website (not
 * removed) that has none yet. Our websites are GridPane's WordPress sites, so their checks also treat
 * WordPress's own error pages as down. The address passes the same rules as a check made by hand; a
 * website whose domain does not (no real host, a private address) gets no check and is named in
 * `refused` with the reason.
 */
export async function createChecksForWebsites(
  services: Services,
  websiteIds: number[] | undefined,
): Promise<ChecksForWebsites> {
  const { db, clock } = services;
  const now = clock.now();
  const mine = clientInScope(services, sql`${websites.clientId}`);
  const candidates = await db
    .select({ id: websites.id, domain: websites.domain })
    .from(websites)
    .where(
      and(
        eq(websites.removed, false),
        mine,
        websiteIds ? inArray(websites.id, websiteIds.length ? websiteIds : [0]) : undefined,
        notExists(db.select({ one: sql`1` }).from(checks).where(eq(checks.websiteId, websites.id))),
      ),
    )
    .orderBy(asc(websites.id));
  if (websiteIds) {
    const known = await db
      .select({ id: websites.id })
      .from(websites)
      .where(and(inArray(websites.id, websiteIds.length ? websiteIds : [0]), mine));
    const missing = websiteIds.filter((id) => !known.some((k) => k.id === id));
    if (missing.length) throw notFound(`No website with id ${missing.slice(0, 5).join(', ')}`);
  }
  const vetting = pLimit(8);
  const problems = await Promise.all(
    candidates.map((w) => vetting(() => checkTargetProblem(services, `https://${w.domain}`))),
  );
  const accepted = candidates.filter((_, i) => problems[i] === null);
  const refused = candidates.flatMap((w, i) =>
    problems[i] === null ? [] : [{ websiteId: w.id, domain: w.domain, reason: problems[i]! }],
  );
  const requested = websiteIds?.length ?? candidates.length;
  await withTransaction(services, async (tx) => {
    for (let i = 0; i < accepted.length; i += 500) {
      await tx.db.insert(checks).values(
        accepted.slice(i, i + 500).map((w, n) => ({
          name: w.domain,
          url: `https://${w.domain}`,
          intervalSeconds: 60,
          timeoutSeconds: 10,
          expectedStatus: '200-399',
          confirmations: 2,
          websiteId: w.id,
          createdBy: tx.actor?.id ?? null,
          createdAt: now,
          updatedAt: now,
          // Spread the first runs over the first minute instead of all at once.
          nextDueAt: new Date(now.getTime() + ((i + n) % 60) * 1000),
        })),
      );
    }
    await refreshHealth(
      { db: tx.db },
      now,
      accepted.map((w) => w.id),
    );
    if (accepted.length) {
      await recordActivity(tx, {
        type: 'success',
        action: 'check.created',
        message:
          accepted.length === 1
            ? `added a check for ${accepted[0]!.domain}`
            : `added checks for ${accepted.length} websites`,
        link: '/uptime',
      });
    }
  });
  return { created: accepted.length, skipped: Math.max(0, requested - candidates.length), refused };
}
