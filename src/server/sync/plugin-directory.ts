import type { JobSpec } from '../core/jobs/engine';
import { ProviderError } from '../core/outbound/provider-error';
import { type DirectoryAnswer, recordDirectory, slugsDue } from '../plugin-directory';
import { PLUGIN_DIRECTORY_JOB } from '../providers/wporg/keys';
import type { Services } from '../services';

/** A slug asked this recently is not asked again: at most once a day, and every daily run asks. */
const FRESH_MS = 20 * 3_600_000;
/** Plugins per update check: one request answers for all of them. */
const BATCH = 100;
/** wordpress.org asks for a few requests a second at most. */
const PACE_MS = 250;

export type DirectoryRun = { asked: number; listed: number; closed: number; notListed: number };

/**
 * Asks wordpress.org's plugin directory about every plugin the fleet runs that was not asked today:
 * first one batched update check per hundred plugins (every plugin the directory hosts comes back with
 * its latest version), then, one by one and paced, the plugin information of those it did not offer,
 * which tells a closed plugin (with the day and the reason) from one never listed (premium or custom).
 * Each answer is recorded as it comes, so a failure part way keeps what was read, and the retry asks
 * only the rest.
 */
export async function readPluginDirectory(
  services: Services,
  options: { paceMs?: number; signal?: AbortSignal } = {},
): Promise<DirectoryRun> {
  const { clock } = services;
  const paceMs = options.paceMs ?? PACE_MS;
  const pace = () => (paceMs > 0 ? new Promise((r) => setTimeout(r, paceMs)) : Promise.resolve());
  const run: DirectoryRun = { asked: 0, listed: 0, closed: 0, notListed: 0 };
  const due = await slugsDue(services, new Date(clock.now().getTime() - FRESH_MS));
  if (due.length === 0) return run;
  const wporg = services.providers.wporg();
  const count = (answer: DirectoryAnswer) => {
    run.asked++;
    if (answer.status === 'listed') run.listed++;
    else if (answer.status === 'closed') run.closed++;
    else run.notListed++;
  };
  try {
    const offered = new Set<string>();
    const asked = new Set(due.map((d) => d.slug));
    const withFile = due.filter((d): d is typeof d & { file: string } => d.file !== null);
    for (let i = 0; i < withFile.length; i += BATCH) {
      options.signal?.throwIfAborted();
      if (i > 0) await pace();
      const latest = await wporg.latestPluginVersions(withFile.slice(i, i + BATCH));
      const answers = [...latest]
        .filter(([slug]) => asked.has(slug))
        .map(([slug, version]) => ({ slug, answer: { status: 'listed', version } as DirectoryAnswer }));
      await recordDirectory(services, answers, clock.now());
      for (const a of answers) {
        offered.add(a.slug);
        count(a.answer);
      }
    }
    for (const { slug } of due.filter((d) => !offered.has(d.slug))) {
      options.signal?.throwIfAborted();
      await pace();
      const answer = await wporg.pluginInfo(slug);
      await recordDirectory(services, [{ slug, answer }], clock.now());
      count(answer);
    }
  } catch (error) {
    // Thrown as a plain error: the engine retries those with backoff, where a provider error would be
    // an expected outcome that waits for tomorrow's run.
    if (error instanceof ProviderError) throw new Error(error.message, { cause: error });
    throw error;
  }
  return run;
}

/** Daily at a quiet minute, and after each sweep of the sites; one at a time, retried with backoff. */
export const pluginDirectoryJob = (services: Services): JobSpec => ({
  name: PLUGIN_DIRECTORY_JOB.name,
  policy: 'stately',
  cron: '41 5 * * *',
  retryLimit: 5,
  retryDelaySeconds: 300,
  retryDelayMaxSeconds: 3 * 3600,
  expireInSeconds: 3600,
  run: (_data, job) => readPluginDirectory(services, { signal: job.signal }),
});
