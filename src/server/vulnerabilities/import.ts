import { eq, ne, sql } from 'drizzle-orm';
import { AppError } from '../core/errors';
import type { JobSpec } from '../core/jobs/engine';
import { ProviderError } from '../core/outbound/provider-error';
import { rowsOf } from '../core/sql';
import {
  vulnerabilities,
  vulnerabilityFeed,
  vulnerabilityMatchedVersions,
  vulnerabilityMatches,
  vulnerabilitySoftware,
} from '../db/schema';
import { loadSettings, recordProviderActivity } from '../integrations';
import type { Vulnerability } from '../providers/wordfence/client';
import { WORDFENCE, WORDFENCE_IMPORT_JOB } from '../providers/wordfence/keys';
import type { Services } from '../services';
import {
  FINDING_HISTORY_JOB,
  FINDINGS_ALERT_JOB,
  keepMatchesOf,
  MATCH_JOB,
  matchVersions,
  SECURITY_WARM_JOB,
} from './match';

/** The feed's one state row. */
const FEED = 1;
/** Records written per statement: a few hundred kilobytes, never the whole feed. */
const BATCH = 500;
/**
 * A feed read this recently is not read again (the daily run, a retry, a restart or another instance
 * finds it fresh): under a day, so the next daily slot always reads. Saving the key forces a read.
 */
const FRESH_MS = 20 * 3_600_000;

export type FeedState = typeof vulnerabilityFeed.$inferSelect;

/** Where the feed stands: the generation in force, when it was read, the last error. */
export async function readFeedState(services: Pick<Services, 'db'>): Promise<FeedState> {
  const [row] = await services.db.select().from(vulnerabilityFeed).where(eq(vulnerabilityFeed.id, FEED));
  return (
    row ?? {
      id: FEED,
      generation: 0,
      readAt: null,
      records: 0,
      attemptedAt: null,
      error: null,
      retryAfter: null,
    }
  );
}

async function saveFeedState(services: Pick<Services, 'db'>, state: Partial<FeedState>): Promise<void> {
  await services.db
    .insert(vulnerabilityFeed)
    .values({ id: FEED, ...state })
    .onConflictDoUpdate({ target: vulnerabilityFeed.id, set: state });
}

/**
 * Reads the whole vulnerability feed into a new generation, streamed and written a batch at a time,
 * and puts it in force only once the read is complete; then the previous generation goes. A failed
 * read drops what it wrote, keeps the last good feed in force, and records the error (and, when the
 * feed asks us to wait, until when). Without a saved key, or while the feed is fresh or asks us to
 * wait, nothing is read.
 */
export async function importFeed(
  services: Services,
  force = false,
  signal?: AbortSignal,
): Promise<{ imported: boolean; records?: number }> {
  let settings: Record<string, string>;
  try {
    settings = await loadSettings(services, WORDFENCE);
  } catch (error) {
    if (error instanceof AppError) return { imported: false }; // not set up, or switched off
    throw error;
  }
  const now = services.clock.now();
  const state = await readFeedState(services);
  if (state.retryAfter && state.retryAfter > now) return { imported: false };
  if (!force && state.readAt && now.getTime() - state.readAt.getTime() < FRESH_MS) return { imported: false };

  const [highest] = rowsOf<{ top: number | string }>(
    await services.db.execute(
      sql`select greatest(coalesce(max(generation), 0), ${state.generation}) as top from vulnerabilities`,
    ),
  );
  const generation = Number(highest?.top ?? state.generation) + 1;
  await dropGeneration(services, generation); // what an interrupted read of the same number left
  await saveFeedState(services, { attemptedAt: now });

  const client = services.providers.wordfence(settings.apiKey!);
  let batch: Vulnerability[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const records = batch;
    batch = [];
    await writeBatch(services, generation, records);
  };
  try {
    const read = await client.streamVulnerabilities(
      'production',
      async (record) => {
        batch.push(record);
        if (batch.length >= BATCH) await flush();
      },
      { signal },
    );
    await flush();
    // What the fleet runs is matched against the new feed before it is put in force, so the pages
    // never read a feed whose matches are still being worked out.
    await matchVersions(services, generation);
    const at = services.clock.now();
    await saveFeedState(services, {
      generation,
      readAt: at,
      records: read.records,
      error: null,
      retryAfter: null,
    });
    await services.db.delete(vulnerabilitySoftware).where(ne(vulnerabilitySoftware.generation, generation));
    await services.db.delete(vulnerabilities).where(ne(vulnerabilities.generation, generation));
    await keepMatchesOf(services.db, generation);
    await services.jobs.send(FINDINGS_ALERT_JOB);
    await services.jobs.send(SECURITY_WARM_JOB);
    await services.jobs.send(FINDING_HISTORY_JOB);
    await recordProviderActivity(services, WORDFENCE, { calls: 1, ok: true, at });
    return { imported: true, records: read.records };
  } catch (error) {
    await dropGeneration(services, generation);
    if (!(error instanceof ProviderError)) throw error;
    const at = services.clock.now();
    await saveFeedState(services, {
      error: error.message,
      retryAfter: error.retryAfterSeconds ? new Date(at.getTime() + error.retryAfterSeconds * 1000) : null,
    });
    await recordProviderActivity(services, WORDFENCE, { calls: 1, ok: false, error: error.message, at });
    // A refused key will not get better by asking again: it waits for a new key or tomorrow's run.
    if (error.kind === 'unauthorized') return { imported: false };
    // Anything else is retried by the job engine, with its backoff.
    throw new Error(error.message, { cause: error });
  }
}

async function dropGeneration(services: Pick<Services, 'db'>, generation: number): Promise<void> {
  await services.db.delete(vulnerabilityMatches).where(eq(vulnerabilityMatches.generation, generation));
  await services.db
    .delete(vulnerabilityMatchedVersions)
    .where(eq(vulnerabilityMatchedVersions.generation, generation));
  await services.db.delete(vulnerabilitySoftware).where(eq(vulnerabilitySoftware.generation, generation));
  await services.db.delete(vulnerabilities).where(eq(vulnerabilities.generation, generation));
}

const date = (iso: string | null) => (iso ? new Date(iso) : null);

async function writeBatch(services: Pick<Services, 'db'>, generation: number, records: Vulnerability[]) {
  await services.db
    .insert(vulnerabilities)
    .values(
      records.map((v) => ({
        generation,
        id: v.id,
        title: v.title,
        informational: v.informational,
        cvssScore: v.cvss.score,
        cvssRating: v.cvss.rating,
        cvssVector: v.cvss.vector,
        cve: v.cve,
        cveLink: v.cveLink,
        reference: v.reference,
        published: date(v.published),
        updated: date(v.updated),
        copyrights: v.copyrights,
      })),
    )
    // A feed listing one id twice: the first copy stands.
    .onConflictDoNothing();
  const software = records.flatMap((v) =>
    v.software.map((s) => ({
      generation,
      vulnerabilityId: v.id,
      type: s.type,
      slug: s.slug,
      name: s.name,
      patched: s.patched,
      patchedVersions: s.patchedVersions,
      remediation: s.remediation,
      ranges: s.ranges,
    })),
  );
  for (let i = 0; i < software.length; i += BATCH)
    await services.db.insert(vulnerabilitySoftware).values(software.slice(i, i + BATCH));
}

/**
 * The feed's import as a job: daily at a quiet minute, at most one waiting or running anywhere; a
 * failed read is retried after 10, 20, 40, 80 and 160 minutes (the feed limits how often a key reads).
 */
export const importJob = (services: Services): JobSpec<{ force?: boolean }> => ({
  name: WORDFENCE_IMPORT_JOB.name,
  policy: 'stately',
  cron: '23 4 * * *',
  retryLimit: 5,
  retryDelaySeconds: 600,
  retryDelayMaxSeconds: 3 * 3600,
  expireInSeconds: 1800,
  run: (data, job) => importFeed(services, data?.force === true, job.signal),
});

/**
 * Matches what the fleet newly runs (a site updated a plugin, a new site was read) against the feed in
 * force: every ten minutes and after each sweep of the sites; a run with nothing new reads one query.
 */
export const matchJob = (services: Services): JobSpec => ({
  name: MATCH_JOB.name,
  policy: 'stately',
  cron: '*/10 * * * *',
  retryLimit: 2,
  expireInSeconds: 1800,
  run: async () => {
    const matched = await matchVersions(services, (await readFeedState(services)).generation);
    // New sites and versions may run something newly critical: the alert channels hear of it now, and
    // the findings' history records what opened and closed.
    await services.jobs.send(FINDINGS_ALERT_JOB);
    await services.jobs.send(SECURITY_WARM_JOB);
    await services.jobs.send(FINDING_HISTORY_JOB);
    return { matched };
  },
});
