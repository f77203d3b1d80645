import { sql } from 'drizzle-orm';
import {
  type CreateUpdateRunBody,
  isTargetVersion,
  shownValue,
  type UpdateItemType,
  type UpdateRunItem,
  type UpdateRunPlan,
} from '../../shared/updates';
import { WEBSITE_HOST_NAMES, type WebsiteHost } from '../../shared/websites';
import { badRequest } from '../core/errors';
import { clientInScope } from '../core/scope';
import { rows } from '../core/sql';
import { updatesAllowed } from '../integrations';
import { websitesInMaintenance } from '../maintenance';
import { HDSNAPSHOT } from '../providers/hdsnapshot/keys';
import { KINSTA } from '../providers/kinsta/keys';
import { coreVerdicts } from '../security';
import type { Services } from '../services';
import { compareVersions } from '../vulnerabilities';

export type PlannedItem = { type: UpdateItemType; slug: string | null; from: string; to: string };
/** An item asked for that a site is not updated for, and why. */
export type LeftOutItem = { type: UpdateItemType; slug: string | null; reason: string };

/** One site of a plan: what it will update, or why it is left out. */
export type PlannedSite = {
  websiteId: number;
  domain: string;
  host: WebsiteHost;
  serverId: string | null;
  status: 'pending' | 'skipped';
  reason: string | null;
  items: PlannedItem[];
  /**
   * On a site that is updated, the items left out because what the site reports cannot be trusted (an
   * invalid version); a site left out altogether says every reason in `reason`.
   */
  leftOut: LeftOutItem[];
  lastBackupAt: Date | null;
};

type Candidate = {
  id: number;
  domain: string;
  host: WebsiteHost;
  server_id: string | null;
  removed: boolean;
  health: string | null;
  software_source: string | null;
  wordpress_version: string | null;
  last_backup_at: string | null;
};

type Installed = {
  website_id: number;
  type: string;
  slug: string;
  version: string | null;
  update_version: string | null;
};

const itemName = (i: { type: UpdateItemType; slug?: string | null }) =>
  i.type === 'core' ? 'WordPress' : `${i.slug}`;

/** Major.minor: a WordPress branch ("6.8" of "6.8.3"); minor updates stay within it. */
const branchOf = (version: string) => version.split('.').slice(0, 2).join('.');

/**
 * The newest release of WordPress in a branch that wordpress.org lists (a release outside the version
 * grammar is never a target); null when its list was never read.
 */
function newestInBranch(releases: string[] | null, installed: string): string | null {
  if (!releases) return null;
  const branch = branchOf(installed);
  let newest: string | null = null;
  for (const v of releases)
    if (isTargetVersion(v) && branchOf(v) === branch && (newest === null || compareVersions(v, newest) > 0))
      newest = v;
  return newest;
}

/**
 * Why an item is left out when a version it would be updated from or to is not in the version grammar:
 * such a version never enters a plan (it would go into a command to the host, and a rollback goes back
 * to the installed one). Null when both are valid.
 */
function invalidVersion(name: string, from: string, to: string, named: boolean): string | null {
  if (!isTargetVersion(from)) return `the site reports an invalid version '${shownValue(from)}' for ${name}`;
  if (isTargetVersion(to)) return null;
  return named
    ? `the version asked for '${shownValue(to)}' is not a valid version`
    : `the site reports an invalid version '${shownValue(to)}' for ${name}`;
}

/**
 * What one asked item means on one site: installed → target, or why nothing (not installed, no
 * update offered, already there, a version that is not valid). WordPress itself moves within its
 * branch unless a version is named: a major update is only ever an explicit choice.
 */
function planItem(
  item: UpdateRunItem,
  site: Candidate,
  installed: Map<string, Installed>,
  releases: string[] | null,
): PlannedItem | { why: string; invalid?: true } {
  const name = itemName(item);
  if (item.type === 'core') {
    if (site.host === KINSTA) return { why: "Kinsta's API updates plugins and themes, not WordPress itself" };
    const from = site.wordpress_version;
    if (!from) return { why: 'its WordPress version is not known' };
    const to = item.targetVersion ?? newestInBranch(releases, from);
    if (!to) return { why: "wordpress.org's list of releases has not been read yet" };
    const invalid = invalidVersion(name, from, to, item.targetVersion !== undefined);
    if (invalid) return { why: invalid, invalid: true };
    if (compareVersions(to, from) <= 0) return { why: `WordPress is at ${from} already` };
    return { type: 'core', slug: null, from, to };
  }
  const row = installed.get(`${site.id} ${item.type} ${item.slug}`);
  if (!row?.version) return { why: `${name} is not installed` };
  const to = item.targetVersion ?? row.update_version;
  if (!to) return { why: `no update of ${name} is offered (at ${shownValue(row.version)})` };
  const invalid = invalidVersion(name, row.version, to, item.targetVersion !== undefined);
  if (invalid) return { why: invalid, invalid: true };
  if (compareVersions(to, row.version) <= 0) return { why: `${name} is at ${row.version} already` };
  return { type: item.type, slug: item.slug!, from: row.version, to };
}

/** Whether the site's versions can be read again after an update: without that, nothing is believed. */
function versionSourceOk(site: Candidate): boolean {
  if (site.host === KINSTA) return site.software_source !== null;
  return site.software_source === HDSNAPSHOT;
}

/** The websites a run covers, in the person's clients: named ones, a client's, or every one running an item. */
async function candidates(ctx: Services, body: CreateUpdateRunBody): Promise<Candidate[]> {
  const columns = sql`w.id, w.domain, w.integration_provider as host, w.server_id, w.removed, h.state as health,
    f.software_source, f.wordpress_version, b.last_backup_at`;
  const joins = sql`left join website_health h on h.website_id = w.id
    left join website_facts f on f.website_id = w.id
    left join website_backup_status b on b.website_id = w.id`;
  const scope = clientInScope(ctx, sql`w.client_id`);
  if (body.websiteIds) {
    const ids = [...new Set(body.websiteIds)];
    const found = await rows<Candidate>(
      ctx.db,
      sql`select ${columns} from websites w ${joins}
        where w.id = any(${sql.raw(`'{${ids.join(',')}}'::int[]`)}) and ${scope} order by w.domain, w.id`,
    );
    const known = new Set(found.map((c) => Number(c.id)));
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length) {
      const message = `No website with id ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ' …' : ''}`;
      throw badRequest(message, { websiteIds: [message] });
    }
    return found;
  }
  if (body.clientId) {
    const [client] = await rows<{ id: number }>(
      ctx.db,
      sql`select id from clients where id = ${body.clientId} and ${clientInScope(ctx, sql`id`)}`,
    );
    if (!client) throw badRequest('That client does not exist', { clientId: ['That client does not exist'] });
    return rows<Candidate>(
      ctx.db,
      sql`select ${columns} from websites w ${joins}
        where w.client_id = ${body.clientId} and not w.removed order by w.domain, w.id`,
    );
  }
  // The whole fleet: the sites that run one of the plugins or themes (every site, for WordPress itself).
  const named = body.items.filter((i) => i.type !== 'core');
  const everySite = named.length < body.items.length;
  const runsOne = named.length
    ? sql`exists (select 1 from website_software s where s.website_id = w.id and (${sql.join(
        named.map((i) => sql`(s.type = ${i.type} and s.slug = ${i.slug})`),
        sql` or `,
      )}))`
    : sql`false`;
  return rows<Candidate>(
    ctx.db,
    sql`select ${columns} from websites w ${joins}
      where not w.removed and ${scope} and ${everySite ? sql`true` : runsOne} order by w.domain, w.id`,
  );
}

/**
 * Plans a run: for each website, the items it will update (installed → target) or why it is left
 * out — gone from its host, updates not allowed through its host, no way to read its versions again,
 * down, in a maintenance window someone opened, or nothing to update. Reads only; the run is written
 * by its caller.
 */
export async function planUpdateRun(ctx: Services, body: CreateUpdateRunBody): Promise<PlannedSite[]> {
  const sites = await candidates(ctx, body);
  const ids = sites.map((s) => Number(s.id));
  const named = body.items.filter((i) => i.type !== 'core');
  const [installedRows, inWindow, verdicts, gridpaneAllowed, kinstaAllowed] = await Promise.all([
    ids.length && named.length
      ? rows<Installed>(
          ctx.db,
          sql`select website_id, type, slug, version, update_version from website_software
            where website_id = any(${sql.raw(`'{${ids.join(',')}}'::int[]`)})
              and (${sql.join(
                named.map((i) => sql`(type = ${i.type} and slug = ${i.slug})`),
                sql` or `,
              )})`,
        )
      : Promise.resolve([] as Installed[]),
    websitesInMaintenance(ctx, ids, ctx.clock.now()),
    body.items.some((i) => i.type === 'core') ? coreVerdicts(ctx) : Promise.resolve(null),
    updatesAllowed(ctx, 'gridpane'),
    updatesAllowed(ctx, 'kinsta'),
  ]);
  const installed = new Map(installedRows.map((r) => [`${r.website_id} ${r.type} ${r.slug}`, r]));
  const releases = verdicts ? [...verdicts.keys()] : null;
  const allowed: Record<string, boolean> = { gridpane: gridpaneAllowed, kinsta: kinstaAllowed };

  return sites.map((site): PlannedSite => {
    const id = Number(site.id);
    const planned: PlannedItem[] = [];
    const why: string[] = [];
    const leftOut: LeftOutItem[] = [];
    for (const item of body.items) {
      const p = planItem(item, site, installed, releases);
      if (!('why' in p)) planned.push(p);
      else {
        why.push(p.why);
        if (p.invalid) leftOut.push({ type: item.type, slug: item.slug ?? null, reason: p.why });
      }
    }
    const hostName = WEBSITE_HOST_NAMES[site.host] ?? site.host;
    const skip = site.removed
      ? 'No longer at its host'
      : !allowed[site.host]
        ? `Updates through ${hostName} are off: an Admin can allow them on Integrations`
        : !versionSourceOk(site)
          ? site.host === KINSTA
            ? 'Kinsta has not listed its plugins yet, so an update could not be verified'
            : 'HD Snapshot (with its plugin list) has not answered on this site, so an update could not be verified'
          : site.health === 'down'
            ? 'The site is down: it is updated only once it is back up'
            : inWindow.has(id)
              ? 'In a maintenance window someone opened: it is not updated during it'
              : planned.length === 0
                ? `Nothing to update: ${why.join('; ')}`
                : null;
    return {
      websiteId: id,
      domain: site.domain,
      host: site.host,
      serverId: site.server_id,
      status: skip ? 'skipped' : 'pending',
      reason: skip,
      items: skip ? [] : planned,
      leftOut: skip ? [] : leftOut,
      lastBackupAt: site.last_backup_at ? new Date(site.last_backup_at) : null,
    };
  });
}

/** A run's sites in the order it takes them: those to update in the plan's order (the canary first), then those left out. */
export function inRunOrder(plan: PlannedSite[]): PlannedSite[] {
  return [...plan.filter((s) => s.status === 'pending'), ...plan.filter((s) => s.status === 'skipped')];
}

/**
 * The plan a run would follow, shown before it is asked for: each site in the run's order with its
 * items or why it is left out. A plan with nothing to update is an answer here (its reasons are what
 * the person needs to see), not a refusal.
 */
export async function previewUpdateRun(ctx: Services, body: CreateUpdateRunBody): Promise<UpdateRunPlan> {
  const sites = inRunOrder(await planUpdateRun(ctx, body)).map((s) => ({
    websiteId: s.websiteId,
    domain: s.domain,
    host: s.host,
    status: s.status,
    reason: s.reason,
    items: s.items,
    ...(s.leftOut.length ? { leftOut: s.leftOut } : {}),
    lastBackupAt: s.lastBackupAt?.toISOString() ?? null,
  }));
  const pending = sites.filter((s) => s.status === 'pending').length;
  return { sites, pending, skipped: sites.length - pending };
}
