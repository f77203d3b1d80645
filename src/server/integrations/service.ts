import { eq, sql } from 'drizzle-orm';
import {
  type IntegrationProvider,
  type IntegrationView,
  integrationProviders,
  providerNames,
  RESTORING_PROVIDERS,
} from '../../shared/integrations';
import { recordActivity } from '../activity';
import type { Clock } from '../core/clock';
import { type Actor, type Context, withTransaction } from '../core/context';
import { AppError, badRequest, conflict } from '../core/errors';
import type { SecretBox } from '../core/secret-box';
import type { Db } from '../db/client';
import { type IntegrationRow, integrations } from '../db/schema';
import { notifyTeam } from '../notifications';
import { HDSNAPSHOT } from '../providers/hdsnapshot/keys';

/** Which saved fields are secrets (sealed, never returned) and which are plain settings. */
const secretFields: Record<IntegrationProvider, string> = {
  gridpane: 'accessToken',
  kinsta: 'apiKey',
  betteruptime: 'apiToken',
  hdsnapshot: 'globalToken',
  wordfence: 'apiKey',
};

export type IntegrationDeps = { db: Db; box: SecretBox; clock: Clock; actor?: Actor };
export type ProviderSettings = Record<string, string>;

export const notConfigured = (provider: IntegrationProvider) =>
  conflict(
    `Please configure ${providerNames[provider]} integration first`,
    undefined,
    'integration_not_configured',
  );

async function findRow(db: Db, provider: IntegrationProvider): Promise<IntegrationRow | undefined> {
  const [row] = await db.select().from(integrations).where(eq(integrations.provider, provider)).limit(1);
  return row;
}

/** The saved token; undefined when none is saved or it was sealed with another key. */
function tokenOf(
  deps: Pick<IntegrationDeps, 'box'>,
  provider: IntegrationProvider,
  row: Pick<IntegrationRow, 'secrets'> | null | undefined,
): string | undefined {
  if (!row) return undefined;
  try {
    return (JSON.parse(deps.box.open(row.secrets)) as ProviderSettings)[secretFields[provider]];
  } catch {
    return undefined; // sealed with another key: shown as not set, so people save it again
  }
}

/** Whether an integration is set up and switched on (its row read with other state, in one statement). */
export const integrationOn = (
  deps: Pick<IntegrationDeps, 'box'>,
  provider: IntegrationProvider,
  row: Pick<IntegrationRow, 'enabled' | 'secrets'> | null | undefined,
) => Boolean(row?.enabled) && tokenOf(deps, provider, row) !== undefined;

function toView(
  deps: IntegrationDeps,
  provider: IntegrationProvider,
  row: IntegrationRow | undefined,
): IntegrationView {
  const token = tokenOf(deps, provider, row);
  return {
    provider,
    name: providerNames[provider],
    enabled: row?.enabled ?? false,
    configured: token !== undefined,
    tokenSet: token !== undefined,
    tokenHint: token && token.length >= 12 ? `…${token.slice(-4)}` : null,
    baseUrl: row?.settings.baseUrl ?? null,
    urlTemplate: row?.settings.urlTemplate ?? null,
    companyId: row?.settings.companyId ?? null,
    allowRestores: row?.allowRestores ?? false,
    allowUpdates: row?.allowUpdates ?? false,
    lastSyncAt: row?.lastSyncAt?.toISOString() ?? null,
    lastError: row?.lastError ?? null,
    lastErrorAt: row?.lastErrorAt?.toISOString() ?? null,
    callCount: row?.callCount ?? 0,
    errorCount: row?.errorCount ?? 0,
  };
}

export async function listIntegrations(deps: IntegrationDeps): Promise<IntegrationView[]> {
  const rows = await deps.db.select().from(integrations);
  return integrationProviders.map((p) =>
    toView(
      deps,
      p,
      rows.find((r) => r.provider === p),
    ),
  );
}

/** Saves (and enables) an integration; the caller has already checked the credentials. */
export async function saveIntegration(
  deps: IntegrationDeps,
  provider: IntegrationProvider,
  input: ProviderSettings,
): Promise<IntegrationView> {
  const secretKey = secretFields[provider];
  const { [secretKey]: secret, ...settings } = input;
  const sealed = deps.box.seal(JSON.stringify({ [secretKey]: secret }));
  const now = deps.clock.now();
  await withTransaction(deps, async (tx) => {
    await tx.db
      .insert(integrations)
      .values({ provider, enabled: true, secrets: sealed, settings, updatedAt: now })
      .onConflictDoUpdate({
        target: integrations.provider,
        set: { enabled: true, secrets: sealed, settings, updatedAt: now, lastError: null, lastErrorAt: null },
      });
    await recordActivity(tx, {
      type: 'success',
      action: 'integration.saved',
      message: `saved the ${providerNames[provider]} integration`,
      link: '/integrations',
    });
  });
  return toView(deps, provider, await findRow(deps.db, provider));
}

/** The writes to a client's site an Admin may allow per host, with what the activity log says of each. */
const WRITE_SWITCHES = {
  allowRestores: {
    what: 'restores',
    on: 'integration.restores_allowed',
    off: 'integration.restores_forbidden',
  },
  allowUpdates: { what: 'updates', on: 'integration.updates_allowed', off: 'integration.updates_forbidden' },
} as const;
type WriteSwitch = keyof typeof WRITE_SWITCHES;

export async function toggleIntegration(
  deps: IntegrationDeps,
  provider: IntegrationProvider,
  change: { enabled?: boolean } & Partial<Record<WriteSwitch, boolean>>,
): Promise<IntegrationView> {
  const row = await findRow(deps.db, provider);
  if (!row) throw notConfigured(provider);
  const name = providerNames[provider];
  const host = (RESTORING_PROVIDERS as readonly string[]).includes(provider);
  for (const key of Object.keys(WRITE_SWITCHES) as WriteSwitch[])
    if (change[key] !== undefined && !host) {
      const message = `${name} hosts no sites: only a host's ${WRITE_SWITCHES[key].what} can be allowed`;
      throw badRequest(message, { [key]: [message] });
    }
  const next = {
    enabled: change.enabled ?? row.enabled,
    allowRestores: change.allowRestores ?? row.allowRestores,
    allowUpdates: change.allowUpdates ?? row.allowUpdates,
  };
  await withTransaction(deps, async (tx) => {
    await tx.db
      .update(integrations)
      .set({ ...next, updatedAt: tx.clock.now() })
      .where(eq(integrations.provider, provider));
    if (change.enabled !== undefined && change.enabled !== row.enabled)
      await recordActivity(tx, {
        type: next.enabled ? 'success' : 'warning',
        action: next.enabled ? 'integration.enabled' : 'integration.disabled',
        message: `switched ${next.enabled ? 'on' : 'off'} the ${name} integration`,
        link: '/integrations',
      });
    for (const key of Object.keys(WRITE_SWITCHES) as WriteSwitch[]) {
      if (change[key] === undefined || change[key] === row[key]) continue;
      const { what, on, off } = WRITE_SWITCHES[key];
      await recordActivity(tx, {
        type: 'warning',
        action: next[key] ? on : off,
        message: next[key]
          ? `allowed ${what} through ${name} from Agency Hub`
          : `turned off ${what} through ${name} from Agency Hub`,
        link: '/integrations',
      });
    }
  });
  return toView(deps, provider, { ...row, ...next });
}

/** Whether an Admin allowed restores through this host from Agency Hub (off when not set up). */
export async function restoresAllowed(deps: Pick<IntegrationDeps, 'db'>, provider: IntegrationProvider) {
  const row = await findRow(deps.db, provider);
  return Boolean(row?.enabled && row.allowRestores);
}

/** Whether an Admin allowed updates of plugins, themes and WordPress through this host (off when not set up). */
export async function updatesAllowed(deps: Pick<IntegrationDeps, 'db'>, provider: IntegrationProvider) {
  const row = await findRow(deps.db, provider);
  return Boolean(row?.enabled && row.allowUpdates);
}

/** The settings a provider client needs; 409 when the integration is missing or switched off. */
export async function loadSettings(
  deps: IntegrationDeps,
  provider: IntegrationProvider,
): Promise<ProviderSettings> {
  return settingsOf(deps, provider, await findRow(deps.db, provider));
}

/** Whether an integration is set up (a row holds its sealed token) and switched on; nothing is opened. */
export type IntegrationState = { enabled: boolean } | null;

/**
 * An integration's state as a column of a larger statement (a list reads it with its cache's state in
 * one statement): null when it was never set up. Its secrets are neither read nor opened.
 */
export const integrationStateSql = (provider: IntegrationProvider) =>
  sql`(select json_build_object('enabled', i.enabled) from integrations i where i.provider = ${provider})`;

/** Not set up or switched off are clear errors (409) for whatever needs the integration. */
export function assertIntegrationOn(
  provider: IntegrationProvider,
  state: IntegrationState | undefined,
): asserts state is { enabled: boolean } {
  if (!state) throw notConfigured(provider);
  if (!state.enabled) {
    throw new AppError(
      409,
      'integration_disabled',
      `${providerNames[provider]} integration is switched off. Switch it on under Integrations.`,
    );
  }
}

/**
 * A provider's saved settings with its token opened, from its row; not configured, switched off or
 * unreadable are clear errors.
 */
function settingsOf(
  deps: Pick<IntegrationDeps, 'box'>,
  provider: IntegrationProvider,
  row: Pick<IntegrationRow, 'enabled' | 'secrets' | 'settings'> | undefined,
): ProviderSettings {
  assertIntegrationOn(provider, row);
  let secrets: ProviderSettings;
  try {
    secrets = JSON.parse(deps.box.open(row.secrets)) as ProviderSettings;
  } catch {
    throw conflict(
      `The saved ${providerNames[provider]} token cannot be read (was SECRET_KEY or the key file changed?). Please save it again.`,
      undefined,
      'integration_not_configured',
    );
  }
  return { ...row.settings, ...secrets };
}

/** Counts provider calls, and records the outcome of a sync for the Integrations page. */
export async function recordProviderActivity(
  ctx: Pick<Context, 'db'>,
  provider: IntegrationProvider,
  result: { calls: number; ok: boolean; error?: string; at: Date },
): Promise<void> {
  const { db } = ctx;
  const [before] = await db
    .select({ lastError: integrations.lastError })
    .from(integrations)
    .where(eq(integrations.provider, provider));
  await db
    .update(integrations)
    .set({
      callCount: sql`${integrations.callCount} + ${result.calls}`,
      ...(result.ok
        ? { lastSyncAt: result.at, lastError: null, lastErrorAt: null }
        : {
            lastError: result.error ?? 'Unknown error',
            lastErrorAt: result.at,
            errorCount: sql`${integrations.errorCount} + 1`,
          }),
    })
    .where(eq(integrations.provider, provider));
  await announceSyncTransition(db, provider, before?.lastError ?? null, result);
}

/**
 * A provider that starts failing, or recovers, is worth telling people once: not on every failed
 * refresh. Written to the activity log and to everyone's notifications.
 */
async function announceSyncTransition(
  db: Db,
  provider: IntegrationProvider,
  previousError: string | null,
  result: { ok: boolean; error?: string; at: Date },
): Promise<void> {
  // HD Snapshot answers per site: one site's plugin trouble is shown on that site, not announced.
  if (provider === HDSNAPSHOT) return;
  const name = providerNames[provider];
  if (!result.ok && previousError === null) {
    const message = `${name} sync failed: ${result.error ?? 'unknown error'}`;
    await recordActivity(
      { db, clock: { now: () => result.at } },
      { type: 'warning', action: 'sync.failed', message, link: '/integrations' },
    );
    await notifyTeam(
      { db },
      {
        type: 'warning',
        title: `${name} sync failed`,
        message: result.error ?? 'Unknown error',
        link: '/integrations',
      },
      result.at,
    );
  } else if (result.ok && previousError !== null) {
    const message = `${name} sync recovered`;
    await recordActivity(
      { db, clock: { now: () => result.at } },
      { type: 'success', action: 'sync.recovered', message, link: '/integrations' },
    );
    await notifyTeam(
      { db },
      {
        type: 'success',
        title: message,
        message: `${name} answers again; data is up to date.`,
        link: '/integrations',
      },
      result.at,
    );
  }
}
