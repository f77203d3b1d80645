import { eq, sql } from 'drizzle-orm';
import { DEFAULT_HDSNAPSHOT_URL_TEMPLATE } from '../../shared/integrations';
import {
  isTargetVersion,
  MAX_RUN_CONCURRENCY,
  SLUG_PATTERN,
  shownValue,
  type UpdateItemResult,
  type UpdateSiteItem,
  type UpdateStep,
} from '../../shared/updates';
import { dispatchAlert } from '../alerts';
import { backupRequestToRun, createUpdateBackupRequest } from '../backups';
import { siteHealthNow } from '../checks';
import { withTransaction } from '../core/context';
import type { JobSpec } from '../core/jobs/engine';
import { isProviderError } from '../core/outbound/provider-error';
import { rows } from '../core/sql';
import { updateRuns, websites } from '../db/schema';
import { loadSettings, updatesAllowed } from '../integrations';
import { closeUpdateWindow, openUpdateWindow, websitesInMaintenance } from '../maintenance';
import { endMonitorIncidentsInMaintenance } from '../monitors';
import { GRIDPANE } from '../providers/gridpane/keys';
import type { WpCliCommands } from '../providers/gridpane/types';
import { wpCliBody } from '../providers/gridpane/wp-cli';
import { HDSNAPSHOT } from '../providers/hdsnapshot/keys';
import { KINSTA } from '../providers/kinsta/keys';
import { KINSTA_ID } from '../providers/kinsta/schemas';
import type { Services } from '../services';
import {
  ADVANCE_UPDATES_JOB,
  advanceUpdateRuns,
  finishRunSite,
  itemKey,
  type RunSiteRow,
  readRunSite,
  recordStep,
  type StepRow,
  setItemResults,
  setRunSite,
  UPDATE_SITE_JOB,
} from '../updates';
import { compareVersions } from '../vulnerabilities';
import { recordSnapshotFacts, refreshHealth } from '../websites';
import { takeBackup } from './backup-now';
import { follow, HostRefused, HostTimedOut, untilNextLook } from './host-requests';
import { readEnvironmentSoftware } from './kinsta';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Health after an update: this many tries, the site healthy when one of them is. */
const HEALTH_TRIES = 3;

/** How long a site's maintenance window is opened for: the steps' usual length, with room. */
const windowMinutes = (items: number) => 20 + 5 * items;

/** A site's steps end early with this outcome (the window is closed on the way out). */
class SiteOutcome extends Error {
  constructor(
    readonly status: 'skipped' | 'failed' | 'rolled-back',
    message: string,
  ) {
    super(message);
  }
}

type Site = RunSiteRow;
type Versions = Map<string, string | null>;

/** A write to the host that is not sent: something it would ask for is not safe to put in it. */
class WriteRefused extends Error {}

/** A write to the host, built and checked in full before it is recorded as started or sent. */
type HostWrite =
  | {
      host: 'kinsta';
      environmentId: string;
      items: { type: 'plugin' | 'theme'; slug: string; version: string }[];
    }
  | { host: 'gridpane'; siteId: number; wp: WpCliCommands };

const itemName = (i: UpdateSiteItem) => i.slug ?? 'WordPress';

/**
 * The write that moves each item to `version(item)`: GridPane's WP-CLI commands (checked by the same
 * builder that sends them), or Kinsta's operations. Throws WriteRefused, naming what is wrong, when a
 * version is outside the version grammar, a slug or the host's site id is not one, or the builder
 * refuses a command: such a write never reaches the host and is never recorded as sent.
 */
function hostWrite(
  site: Site,
  providerSiteId: string,
  items: UpdateSiteItem[],
  version: (i: UpdateSiteItem) => string,
  rollback: boolean,
): HostWrite {
  for (const item of items) {
    const v = version(item);
    if (!isTargetVersion(v))
      throw new WriteRefused(
        `the ${rollback ? 'version to go back to' : 'target version'} '${shownValue(v)}' of ${itemName(item)} is not a valid version`,
      );
    if (item.type !== 'core' && !SLUG_PATTERN.test(item.slug ?? ''))
      throw new WriteRefused(`'${shownValue(item.slug)}' is not a valid plugin or theme name`);
  }
  if (site.host === KINSTA) {
    if (!KINSTA_ID.test(providerSiteId))
      throw new WriteRefused(`Kinsta's environment id '${shownValue(providerSiteId)}' is not valid`);
    const kinstaItems: { type: 'plugin' | 'theme'; slug: string; version: string }[] = [];
    for (const item of items) {
      if (item.type === 'core')
        throw new WriteRefused("Kinsta's API updates plugins and themes, not WordPress itself");
      kinstaItems.push({ type: item.type, slug: item.slug!, version: version(item) });
    }
    return { host: 'kinsta', environmentId: providerSiteId, items: kinstaItems };
  }
  const siteId = Number(providerSiteId);
  if (!/^\d+$/.test(providerSiteId) || !Number.isSafeInteger(siteId))
    throw new WriteRefused(`GridPane's site id '${shownValue(providerSiteId)}' is not valid`);
  const wp: WpCliCommands = {};
  for (const item of items) {
    // WordPress itself goes back to an older release only when forced; a plugin or theme takes the
    // version it is given either way.
    const command =
      item.type === 'core'
        ? `update --version=${version(item)}${rollback ? ' --force' : ''}`
        : `update ${item.slug} --version=${version(item)}`;
    wp[item.type] = [...(wp[item.type] ?? []), command];
  }
  try {
    wpCliBody(wp);
  } catch (err) {
    if (err instanceof TypeError) throw new WriteRefused(`the command was refused (${err.message})`);
    throw err;
  }
  return { host: 'gridpane', siteId, wp };
}

/** The versions a site runs now, read from where it was planned: HD Snapshot (GridPane) or Kinsta. */
async function readVersions(services: Services, site: Site, providerSiteId: string): Promise<Versions> {
  const versions: Versions = new Map();
  if (site.host === KINSTA) {
    const settings = await loadSettings(services, KINSTA);
    const client = services.providers.kinsta({ baseUrl: settings.baseUrl!, apiKey: settings.apiKey! });
    const { plugins, themes } = await readEnvironmentSoftware(
      services,
      client,
      site.websiteId,
      providerSiteId,
    );
    for (const p of plugins) versions.set(itemKey({ type: 'plugin', slug: p.slug }), p.version);
    for (const t of themes) versions.set(itemKey({ type: 'theme', slug: t.slug }), t.version);
    return versions;
  }
  const settings = await loadSettings(services, HDSNAPSHOT);
  const answer = await services.providers.snapshot({
    domain: site.domain,
    token: settings.globalToken!,
    urlTemplate: settings.urlTemplate ?? DEFAULT_HDSNAPSHOT_URL_TEMPLATE,
  });
  await recordSnapshotFacts(
    services,
    site.websiteId,
    { ok: true, snapshot: answer.snapshot },
    services.clock.now(),
  );
  versions.set(itemKey({ type: 'core', slug: null }), answer.snapshot.wordpress_version);
  for (const p of answer.snapshot.software?.plugins ?? [])
    versions.set(itemKey({ type: 'plugin', slug: p.slug }), p.version);
  for (const t of answer.snapshot.software?.themes ?? [])
    versions.set(itemKey({ type: 'theme', slug: t.slug }), t.version);
  return versions;
}

/**
 * Sends a write built by `hostWrite`: GridPane through its WP-CLI endpoint (one call, which says
 * nothing of what it did: only the versions read again are believed), Kinsta one operation per item,
 * followed until it ends.
 */
async function sendToHost(services: Services, write: HostWrite): Promise<string | null> {
  if (write.host === 'kinsta') {
    const settings = await loadSettings(services, KINSTA);
    const client = services.providers.kinsta({ baseUrl: settings.baseUrl!, apiKey: settings.apiKey! });
    for (const item of write.items) {
      const { operationId } =
        item.type === 'theme'
          ? await client.updateTheme(write.environmentId, item.slug, item.version)
          : await client.updatePlugin(write.environmentId, item.slug, item.version);
      try {
        await follow(services, 'Kinsta', 'update', async () => {
          const operation = await client.getOperation(operationId);
          if (operation.state === 'failed')
            throw new HostRefused(
              `Kinsta could not update ${item.slug}: ${operation.message ?? 'no reason given'}`,
            );
          return operation.state === 'done' ? true : null;
        });
      } catch (err) {
        // Kinsta may still finish it: nothing more is sent, and the versions read next say what it did.
        if (err instanceof HostTimedOut)
          return `Kinsta had not finished updating ${item.slug} when the time to follow it was up: the versions read next say what it did`;
        throw err;
      }
    }
    return null;
  }
  const settings = await loadSettings(services, GRIDPANE);
  const client = services.providers.gridpane({ baseUrl: settings.baseUrl!, token: settings.accessToken! });
  await client.runWpCli(write.siteId, write.wp);
  return null;
}

/** Reads the site's versions until every item shows `expected`, or the configured time is up. */
async function versionsReach(
  services: Services,
  site: Site,
  providerSiteId: string,
  items: UpdateSiteItem[],
  expected: (i: UpdateSiteItem) => string,
): Promise<Map<string, boolean>> {
  const { pollMs, verifyMs } = services.config.updates;
  const deadline = Date.now() + verifyMs;
  for (;;) {
    const began = Date.now();
    let versions: Versions | null = null;
    try {
      versions = await readVersions(services, site, providerSiteId);
    } catch (err) {
      // A site busy updating may not answer for a moment: asked again until the time is up.
      if (!isProviderError(err) && !(err instanceof Error && /HD Snapshot|snapshot/i.test(err.message)))
        throw err;
    }
    const reached = new Map(
      items.map((i) => {
        const now = versions?.get(itemKey(i));
        return [itemKey(i), now != null && compareVersions(now, expected(i)) === 0] as const;
      }),
    );
    if ([...reached.values()].every(Boolean) || Date.now() >= deadline) return reached;
    await untilNextLook(pollMs, began);
  }
}

/**
 * Three tries over the configured spacing; healthy when one of them is. The page must still carry
 * the title it had before (when the site's check has no keyword of its own).
 */
async function healthAfter(services: Services, site: Site, titleBefore: string | null) {
  const ask = () => siteHealthNow(services, { id: site.websiteId, domain: site.domain }, titleBefore);
  let last = await ask();
  for (let i = 1; i < HEALTH_TRIES && !last.ok; i++) {
    await wait(services.config.updates.healthSpacingMs);
    last = await ask();
  }
  return last;
}

const healthLine = (h: {
  status: number | null;
  responseMs: number | null;
  error: string | null;
  title?: string | null;
}) => h.error ?? `HTTP ${h.status} in ${h.responseMs} ms${h.title ? `, titled "${h.title}"` : ''}`;

/**
 * Runs one site's steps, each recorded with its time and outcome. Resumable: a worker that stopped
 * (an instance died) is replaced by another that skips the steps already recorded; a write to the host
 * recorded as started is never sent again (the host may have done it), the versions read again say
 * what happened.
 */
export async function runUpdateSite(services: Services, runSiteId: number): Promise<{ status: string }> {
  const { db, clock } = services;
  const found = await readRunSite(db, runSiteId);
  if (!found || found.site.finishedAt) return { status: 'over' };
  const { site } = found;
  const steps: StepRow[] = [...found.steps];
  const doneStep = (step: UpdateStep) => steps.find((s) => s.step === step && s.result !== 'started');
  const startedStep = (step: UpdateStep) => steps.some((s) => s.step === step && s.result === 'started');
  const record = async (step: UpdateStep, result: StepRow['result'], detail: string | null) => {
    await recordStep(db, runSiteId, step, result as 'ok', detail, clock.now());
    steps.push({ id: 0, runSiteId, step, result, detail, at: clock.now() });
  };
  const [run] = await db.select().from(updateRuns).where(eq(updateRuns.id, site.runId));
  const [website] = await db.select().from(websites).where(eq(websites.id, site.websiteId));
  let items = site.items as UpdateSiteItem[];
  let windowId = site.windowId;
  let titleBefore = site.healthBefore?.title ?? null;

  const closeWindow = async () => {
    if (windowId === null || doneStep('close-maintenance')) return;
    await withTransaction(services, async (tx) => {
      await closeUpdateWindow(tx, windowId!);
      await refreshHealth(tx, tx.clock.now(), [site.websiteId]);
    });
    await record('close-maintenance', 'ok', null);
  };
  const cancelRequested = async () => {
    const [fresh] = await db
      .select({ at: updateRuns.cancelRequestedAt })
      .from(updateRuns)
      .where(eq(updateRuns.id, site.runId));
    return Boolean(fresh?.at);
  };
  const finish = async (status: 'done' | 'skipped' | 'failed' | 'rolled-back', reason: string | null) => {
    await closeWindow();
    await finishRunSite(db, runSiteId, status, reason, clock.now());
    // The run's next site is handed out now, by this worker, rather than at the next advance job: at a
    // few seconds a site, a hop through the queue per site is a noticeable share of a run. Should that
    // fail, the advance job does it.
    await advanceUpdateRuns(services).catch(() => services.jobs.send(ADVANCE_UPDATES_JOB));
    return { status };
  };

  try {
    if (!run || !website || website.removed) throw new SiteOutcome('skipped', 'No longer at its host');
    const providerSiteId = website.providerSiteId!;
    if (!site.startedAt) await setRunSite(db, runSiteId, { startedAt: clock.now() });

    // The update, and the rollback that would undo it, are built and checked before anything is done
    // on the site: a write that could not be sent (a version outside the grammar, a command the builder
    // refuses) fails the site here, with nothing opened, backed up or sent, and nothing recorded as
    // started that a retry could take for sent.
    let updateWrite: HostWrite | null = null;
    if (!doneStep('update') && !startedStep('update')) {
      try {
        hostWrite(site, providerSiteId, items, (i) => i.from, true);
        updateWrite = hostWrite(site, providerSiteId, items, (i) => i.to, false);
      } catch (err) {
        if (!(err instanceof WriteRefused)) throw err;
        const reason = `The update was not sent: ${err.message}`;
        await record('update', 'failed', reason);
        throw new SiteOutcome('failed', reason);
      }
    }

    // a. A window on the site: checks and monitors stay quiet while it is in maintenance mode.
    if (!doneStep('maintenance')) {
      if (run.cancelRequestedAt) throw new SiteOutcome('skipped', 'Cancelled before it started');
      if ((await websitesInMaintenance(services, [site.websiteId], clock.now())).size)
        throw new SiteOutcome(
          'skipped',
          'In a maintenance window someone opened: it is not updated during it',
        );
      const minutes = windowMinutes(items.length);
      windowId = await withTransaction(services, async (tx) => {
        const id = await openUpdateWindow(tx, site.websiteId, minutes, `updates, run #${site.runId}`);
        await refreshHealth(tx, tx.clock.now(), [site.websiteId]);
        await endMonitorIncidentsInMaintenance(tx, tx.clock.now(), [site.websiteId]);
        return id;
      });
      await setRunSite(db, runSiteId, { windowId });
      await record('maintenance', 'ok', `${minutes} minutes`);
    }

    // b. The site's health before: a site already down is not touched.
    if (!doneStep('health-before')) {
      const before = await siteHealthNow(services, { id: site.websiteId, domain: site.domain });
      titleBefore = before.title;
      await setRunSite(db, runSiteId, {
        healthBefore: { status: before.status, responseMs: before.responseMs, title: before.title },
      });
      await record('health-before', before.ok ? 'ok' : 'failed', healthLine(before));
      if (!before.ok)
        throw new SiteOutcome(
          'skipped',
          `Not healthy before the update (${healthLine(before)}): left as it was`,
        );
    }

    // c. A backup first, unless the newest is recent enough and the person chose so.
    if (!doneStep('backup')) {
      await setRunSite(db, runSiteId, { status: 'backing-up' });
      const [status] = await rows<{ last_backup_at: string | null }>(
        db,
        sql`select last_backup_at from website_backup_status where website_id = ${site.websiteId}`,
      );
      const age = status?.last_backup_at ? clock.now().getTime() - Date.parse(status.last_backup_at) : null;
      if (run.skipBackupMinutes !== null && age !== null && age < run.skipBackupMinutes * 60_000) {
        await record('backup', 'skipped', `The newest backup is ${Math.round(age / 60_000)} minutes old`);
      } else if (startedStep('backup')) {
        // The worker stopped while the host was taking it: its request says how it ended.
        const request = site.backupRequestId ? await backupRequestToRun(db, site.backupRequestId) : null;
        if (request?.status !== 'succeeded')
          throw new SiteOutcome('failed', 'The backup before the update did not finish: nothing was updated');
        await record('backup', 'ok', request.message);
      } else {
        await record('backup', 'started', null);
        const requestId = await createUpdateBackupRequest(
          db,
          { id: site.websiteId, host: site.host },
          site.runId,
          run.requestedBy,
          clock.now(),
        );
        await setRunSite(db, runSiteId, { backupRequestId: requestId });
        const taken = await takeBackup(services, requestId);
        if (taken.status !== 'succeeded')
          throw new SiteOutcome(
            'failed',
            `The backup failed (${taken.message ?? 'no reason given'}): nothing was updated`,
          );
        await record('backup', 'ok', taken.message ?? null);
      }
    }

    // d. The update at the host: only when still allowed, and never sent twice.
    /** The versions read on resuming an update a stopped worker recorded as started. */
    let resumed: Map<string, boolean> | null = null;
    if (!doneStep('update')) {
      await setRunSite(db, runSiteId, { status: 'updating' });
      if (!startedStep('update')) {
        if (await cancelRequested())
          throw new SiteOutcome('skipped', 'Cancelled before the update: nothing was updated');
        if (!(await updatesAllowed(services, site.host as 'gridpane' | 'kinsta')))
          throw new SiteOutcome(
            'skipped',
            'Updates through this host were turned off before the update: nothing was updated',
          );
        await record('update', 'started', items.map((i) => `${itemName(i)} ${i.from} → ${i.to}`).join(', '));
        const note = await sendToHost(services, updateWrite!);
        await record(
          'update',
          'ok',
          note ?? (site.host === KINSTA ? 'Kinsta finished' : 'GridPane ran the commands'),
        );
      } else {
        // A worker recorded the update as started and stopped: it may or may not have reached the host.
        // It is never sent again; it counts as done only once the versions read again show it.
        resumed = await versionsReach(services, site, providerSiteId, items, (i) => i.to);
        const missed = items.filter((i) => !resumed!.get(itemKey(i)));
        await record(
          'update',
          missed.length ? 'failed' : 'ok',
          missed.length
            ? `Recorded as sent when its worker stopped, and the versions read again do not show ${missed.map((i) => `${itemName(i)} ${i.to}`).join(', ')}: whether the host ran it is not known`
            : 'Recorded as sent when its worker stopped: the versions read again show it done',
        );
      }
    }
    /** Why the update is not known to have been done, when its step ended so. */
    const updateUnknown = doneStep('update')?.result === 'failed' ? doneStep('update')!.detail : null;

    // e. Verify: the versions read again, and the site's health.
    let verified = true;
    if (!doneStep('verify')) {
      await setRunSite(db, runSiteId, { status: 'verifying' });
      const reached = resumed ?? (await versionsReach(services, site, providerSiteId, items, (i) => i.to));
      const results = new Map<string, UpdateItemResult>(
        [...reached].map(([k, ok]) => [k, ok ? 'updated' : 'not-changed']),
      );
      items = await setItemResults(db, runSiteId, items, results);
      const missed = items.filter((i) => i.result === 'not-changed');
      verified = missed.length === 0;
      await record(
        'verify',
        verified ? 'ok' : 'failed',
        verified
          ? null
          : `Still not at the version asked for: ${missed.map((i) => `${itemName(i)} (${i.to})`).join(', ')}`,
      );
    } else verified = doneStep('verify')!.result === 'ok';
    // A run cancelled while this site was being updated: the update step ended, and what it changed
    // is undone rather than kept half-way through the run.
    const cancelled = !doneStep('health-after') && (await cancelRequested());
    let healthy = true;
    if (doneStep('health-after')) healthy = doneStep('health-after')!.result === 'ok';
    else if (!cancelled) {
      const after = await healthAfter(services, site, titleBefore);
      healthy = after.ok;
      await record('health-after', after.ok ? 'ok' : 'failed', healthLine(after));
    }
    if (verified && healthy && !cancelled) return await finish('done', null);

    // f. Roll back what changed when the site did not come back healthy, or the run was cancelled (an
    // item that never changed has nothing to roll back).
    const changed = items.filter((i) => i.result === 'updated');
    const what = cancelled
      ? 'The run was cancelled during the update'
      : !healthy
        ? 'The site was not healthy after the update'
        : (updateUnknown ?? 'The update did not take: the versions did not change');
    if (changed.length === 0)
      return await finish(
        cancelled ? 'skipped' : 'failed',
        healthy && !cancelled ? what : `${what}; nothing had changed to roll back`,
      );
    if (healthy && !cancelled) return await finish('failed', what);
    await setRunSite(db, runSiteId, { status: 'rolling-back' });
    let back: Map<string, boolean> | null = null;
    /** Why the rollback was not sent, when it could not be. */
    let notSent: string | null = null;
    if (!doneStep('rollback')) {
      if (!startedStep('rollback')) {
        let write: HostWrite | null = null;
        try {
          write = hostWrite(site, providerSiteId, changed, (i) => i.from, true);
        } catch (err) {
          if (!(err instanceof WriteRefused)) throw err;
          notSent = err.message;
        }
        if (write) {
          await record('rollback', 'started', changed.map((i) => `${itemName(i)} → ${i.from}`).join(', '));
          await sendToHost(services, write);
          await record('rollback', 'ok', null);
        } else await record('rollback', 'failed', `The rollback was not sent: ${notSent}`);
      } else {
        // As with the update: a rollback recorded as started is never sent again; the versions say.
        back = await versionsReach(services, site, providerSiteId, changed, (i) => i.from);
        const done = [...back.values()].every(Boolean);
        await record(
          'rollback',
          done ? 'ok' : 'failed',
          done
            ? 'Recorded as sent when its worker stopped: the versions read again show it done'
            : 'Recorded as sent when its worker stopped, and the versions read again do not show it: whether the host ran it is not known',
        );
      }
    }
    back ??= notSent
      ? new Map(changed.map((i) => [itemKey(i), false]))
      : await versionsReach(services, site, providerSiteId, changed, (i) => i.from);
    const healthBack = await healthAfter(services, site, titleBefore);
    const rolledBack = [...back.values()].every(Boolean) && healthBack.ok;
    await record(
      'verify-rollback',
      rolledBack ? 'ok' : 'failed',
      rolledBack
        ? healthLine(healthBack)
        : `${healthLine(healthBack)}; versions back: ${[...back.values()].every(Boolean) ? 'yes' : 'no'}`,
    );
    if (rolledBack) {
      // A person cancelling is told by the run page; an update that broke a site is news for the
      // channels even when undone: that release is not safe on that site.
      if (!cancelled)
        await withTransaction(services, (tx) =>
          dispatchAlert(
            tx,
            {
              event: 'update_rolled_back',
              key: `update-rolled-back:${runSiteId}`,
              title: `${site.domain}: an update broke the site and was rolled back`,
              body: `${what}. Rolled back to ${changed.map((i) => `${i.slug ?? 'WordPress'} ${i.from}`).join(', ')}; the site is healthy again (${healthLine(healthBack)}). The release that broke it: ${changed.map((i) => `${i.slug ?? 'WordPress'} ${i.to}`).join(', ')}.`,
              link: `/updates/${site.runId}`,
              action: 'updates.site_rolled_back',
            },
            { websiteIds: [site.websiteId] },
          ),
        );
      await setItemResults(
        db,
        runSiteId,
        items,
        new Map(changed.map((i) => [itemKey(i), 'rolled-back' as const])),
      );
      return await finish(
        'rolled-back',
        `${what}: rolled back to ${changed.map((i) => `${i.slug ?? 'WordPress'} ${i.from}`).join(', ')}`,
      );
    }
    await setItemResults(db, runSiteId, items, new Map(changed.map((i) => [itemKey(i), 'failed' as const])));
    await withTransaction(services, (tx) =>
      dispatchAlert(
        tx,
        {
          event: 'update_failed',
          key: `update-failed:${runSiteId}`,
          title: `${site.domain}: an update broke the site and the rollback did not fix it`,
          body: `${what}. The rollback to ${changed.map((i) => `${itemName(i)} ${i.from}`).join(', ')} ${notSent ? `was not sent (${notSent})` : 'did not bring it back'} (${healthLine(healthBack)}). Restore its pre-update backup from the website's page.`,
          link: `/websites/internal/${site.websiteId}`,
          action: 'updates.site_broken',
        },
        { websiteIds: [site.websiteId] },
      ),
    );
    return await finish(
      'failed',
      `${what}, and the rollback ${notSent ? `was not sent (${notSent})` : 'did not fix it'}: restore the pre-update backup`,
    );
  } catch (err) {
    if (err instanceof SiteOutcome) return finish(err.status, err.message);
    if (err instanceof HostRefused || isProviderError(err)) {
      const message = err.message;
      // A refusal before anything was sent leaves the site as it was; after, the versions say.
      return finish('failed', `The host refused or failed: ${message}`);
    }
    throw err;
  }
}

/**
 * One site's steps. Retried after a crash (an instance died): the retry resumes from the steps
 * recorded, never sending a write twice.
 */
export const updateSiteJob = (services: Services): JobSpec<{ runSiteId: number }> => ({
  name: UPDATE_SITE_JOB.name,
  policy: 'standard',
  retryLimit: 5,
  retryDelaySeconds: 5,
  heartbeatSeconds: 30,
  // A site's steps mostly wait on its host: one instance alone carries a run at the most concurrency a
  // person may ask for (the run hands out no more sites than its own concurrency).
  concurrency: MAX_RUN_CONCURRENCY,
  run: (data) => runUpdateSite(services, data.runSiteId),
});
