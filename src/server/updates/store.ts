import { asc, eq, sql } from 'drizzle-orm';
import type {
  UpdateItemResult,
  UpdateSiteItem,
  UpdateSiteStatus,
  UpdateStep,
  UpdateStepResult,
} from '../../shared/updates';
import type { Db } from '../db/client';
import { updateRunSites, updateRunSteps } from '../db/schema';

export type RunSiteRow = typeof updateRunSites.$inferSelect;
export type StepRow = typeof updateRunSteps.$inferSelect;

/** One site of a run with its steps so far, oldest first: what a worker resumes from. */
export async function readRunSite(db: Db, runSiteId: number) {
  const [site] = await db.select().from(updateRunSites).where(eq(updateRunSites.id, runSiteId));
  if (!site) return null;
  const steps = await db
    .select()
    .from(updateRunSteps)
    .where(eq(updateRunSteps.runSiteId, runSiteId))
    .orderBy(asc(updateRunSteps.id));
  return { site, steps };
}

/** Records one step's outcome (or that a write to the host started, before it is sent). */
export async function recordStep(
  db: Db,
  runSiteId: number,
  step: UpdateStep,
  result: UpdateStepResult,
  detail: string | null,
  at: Date,
): Promise<void> {
  await db.insert(updateRunSteps).values({ runSiteId, step, result, detail, at });
}

/** Where a site stands, with what its steps opened or learnt. */
export async function setRunSite(
  db: Db,
  runSiteId: number,
  change: Partial<
    Pick<RunSiteRow, 'windowId' | 'backupRequestId' | 'healthBefore' | 'startedAt' | 'reason'> & {
      status: UpdateSiteStatus;
    }
  >,
): Promise<void> {
  await db.update(updateRunSites).set(change).where(eq(updateRunSites.id, runSiteId));
}

/** What became of each item: by type and slug, the rest kept. */
export async function setItemResults(
  db: Db,
  runSiteId: number,
  items: UpdateSiteItem[],
  results: Map<string, UpdateItemResult>,
): Promise<UpdateSiteItem[]> {
  const next = items.map((i) => ({ ...i, result: results.get(itemKey(i)) ?? i.result }));
  await db.update(updateRunSites).set({ items: next }).where(eq(updateRunSites.id, runSiteId));
  return next;
}

export const itemKey = (i: { type: string; slug: string | null }) => `${i.type}:${i.slug ?? ''}`;

/** The site's steps are over: its outcome, and why when it is not a plain success. */
/** A site's items with those still waiting marked "not-started": its site ended without sending them. */
export const itemsNotStarted = sql`(select coalesce(jsonb_agg(case when e.i->>'result' = 'pending'
    then jsonb_set(e.i, '{result}', '"not-started"') else e.i end order by e.n), '[]'::jsonb)
  from jsonb_array_elements(${updateRunSites.items}) with ordinality as e(i, n))`;

export async function finishRunSite(
  db: Db,
  runSiteId: number,
  status: Extract<UpdateSiteStatus, 'done' | 'skipped' | 'rolled-back' | 'failed'>,
  reason: string | null,
  at: Date,
): Promise<void> {
  await db
    .update(updateRunSites)
    .set({
      status,
      reason,
      finishedAt: at,
      items: itemsNotStarted,
    })
    .where(sql`${updateRunSites.id} = ${runSiteId} and ${updateRunSites.finishedAt} is null`);
}
