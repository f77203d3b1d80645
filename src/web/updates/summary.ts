import type {
  UpdateItemResult,
  UpdateRunCounts,
  UpdateRunStatus,
  UpdateSiteStatus,
  UpdateSiteStepView,
} from '@shared/updates';
import type { Tone } from '@web/components/status-pill';
import { formatCount } from '@web/lib/format';

const n = (count: number) => count.toLocaleString('en-US');

/**
 * A run in one line: "3 of 5 sites updated · 1 rolled back · 1 skipped" once over, "Running: 2 under
 * way · 3 waiting · …" while it runs, "5 sites waiting to start" before. Outcomes with no site are left out.
 */
export function runSummary(status: UpdateRunStatus, counts: UpdateRunCounts): string {
  if (counts.sites === 0) return 'No sites';
  const updated = `${n(counts.done)} of ${formatCount(counts.sites, 'site')} updated`;
  const outcomes = [
    counts.rolledBack > 0 ? `${n(counts.rolledBack)} rolled back` : null,
    counts.failed > 0 ? `${n(counts.failed)} failed` : null,
    counts.skipped > 0 ? `${n(counts.skipped)} skipped` : null,
  ];
  if (status === 'scheduled') return `${formatCount(counts.pending, 'site')} waiting to start`;
  if (status === 'running')
    return [
      `Running: ${n(counts.running)} under way`,
      counts.pending > 0 ? `${n(counts.pending)} waiting` : null,
      updated,
      ...outcomes,
    ]
      .filter(Boolean)
      .join(' · ');
  return [updated, ...outcomes].filter(Boolean).join(' · ');
}

export const RUN_STATUS_TONES: Record<UpdateRunStatus, Tone> = {
  scheduled: 'grey',
  running: 'blue',
  done: 'green',
  failed: 'red',
  cancelled: 'grey',
};

export const SITE_STATUS_TONES: Record<UpdateSiteStatus, Tone> = {
  pending: 'grey',
  skipped: 'grey',
  'backing-up': 'blue',
  updating: 'blue',
  verifying: 'blue',
  'rolling-back': 'blue',
  done: 'green',
  'rolled-back': 'amber',
  failed: 'red',
};

/** A site whose steps are running now (shown with a spinner). */
export const siteUnderWay = (status: UpdateSiteStatus) => SITE_STATUS_TONES[status] === 'blue';

export const ITEM_RESULT_LABELS: Record<UpdateItemResult, string> = {
  pending: 'Waiting',
  updated: 'Updated',
  'not-changed': 'Not changed',
  'rolled-back': 'Rolled back',
  failed: 'Failed',
  'not-started': 'Not started',
};

/** What an item is called: its slug, or "WordPress" for core. */
export const itemName = (item: { type: string; slug: string | null }) =>
  item.type === 'core' || !item.slug ? 'WordPress' : item.slug;

/**
 * A site's steps as its timeline shows them: a write recorded as started and then with its outcome is
 * one entry (the outcome's time and result, both details); a step still under way stays "started".
 */
export function timeline(steps: UpdateSiteStepView[]): UpdateSiteStepView[] {
  const out: UpdateSiteStepView[] = [];
  for (const step of steps) {
    const open = out.findIndex((s) => s.step === step.step && s.result === 'started');
    if (open >= 0 && step.result !== 'started') {
      const detail = [out[open]!.detail, step.detail].filter(Boolean).join(' · ') || null;
      out[open] = { ...step, detail };
    } else out.push(step);
  }
  return out;
}
