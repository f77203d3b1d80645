import { type SQL, sql } from 'drizzle-orm';
import {
  BACKUP_THRESHOLD_HOURS,
  type BackupListParams,
  type BackupPage,
  type BackupSettingsBody,
  type BackupState,
  type BackupSummary,
  type WebsiteBackups,
} from '../../shared/backups';
import { pageOf, parseSort } from '../../shared/lists';
import { keptCount, keptRows, type Reads } from '../core/cache/kept';
import { conflict, notFound } from '../core/errors';
import { clientInScope, type ScopeContext } from '../core/scope';
import { direction, json, rows, where } from '../core/sql';
import type { Cell } from '../exports';
import type { Services } from '../services';
import { readWebsite, websiteListWhere } from '../websites';
import { latestRequestColumn, latestRequestOf } from './requests';
import { recordBackupThreshold } from './store';

type ListQuery = BackupListParams;

/**
 * The moment the backup states are judged at: now, cut to the minute, so the answers kept for a list
 * stay reusable for a minute rather than for one request.
 */
export function stateMomentOf(now: Date): Date {
  return new Date(Math.floor(now.getTime() / 60_000) * 60_000);
}

/**
 * The one rule of a website's backup state (b: its backup status, absent before any read): not known
 * before the host was read, none when it lists none, too old once the newest backup has passed the
 * website's threshold (its `old_after`), recent before that.
 */
export function backupStateSql(moment: Date): SQL {
  return sql`(case when b.read_at is null then 'unknown'
    when b.last_backup_at is null then 'never'
    when b.old_after < ${moment.toISOString()}::timestamptz then 'old'
    else 'recent' end)`;
}

/**
 * The same rule as a filter on one state, written so that an index on when the newest backup becomes
 * too old can serve it (the list filtered by state need not compute every website's state). Must
 * agree with backupStateSql: the tests filter by every state and check each row's state.
 */
export function backupStateFilter(state: BackupState, moment: Date): SQL {
  const at = sql`${moment.toISOString()}::timestamptz`;
  switch (state) {
    case 'unknown':
      return sql`b.read_at is null`;
    case 'never':
      return sql`(b.read_at is not null and b.last_backup_at is null)`;
    case 'old':
      return sql`(b.read_at is not null and b.old_after < ${at})`;
    case 'recent':
      return sql`(b.read_at is not null and b.old_after >= ${at})`;
  }
}

/** Worst first: no backup, too old, not known, recent. */
const STATE_RANK: Record<BackupState, number> = { never: 0, old: 1, unknown: 2, recent: 3 };
const rankSql = (state: SQL) =>
  sql`(case ${state} ${sql.join(
    Object.entries(STATE_RANK).map(([s, r]) => sql`when ${s} then ${sql.raw(String(r))}`),
    sql` `,
  )} end)`;

const statusJoin = sql`left join website_backup_status b on b.website_id = w.id`;

/**
 * What the lists and the summary read: kept while none of it changes (and for a minute at most). One
 * set for every answer of a page (its rows read the clients too), so a page view reads the
 * generations once.
 */
const reads: Reads = {
  tables: ['websites', 'website_tags', 'website_health', 'website_backup_status', 'clients'],
};

const filtersOf = (ctx: ScopeContext, q: ListQuery, moment: Date): SQL[] => [
  ...websiteListWhere(ctx, {
    q: q.q,
    clientId: q.clientId,
    serverId: q.serverId,
    tagId: q.tagId,
    host: q.host,
  }),
  ...(q.state ? [backupStateFilter(q.state, moment)] : []),
];

/** The fleet's websites by backup state, and how many have off-site copies or automatic backups off. */
export async function backupSummary(
  services: Services,
  q: Omit<ListQuery, 'state' | 'sort' | 'q'>,
): Promise<BackupSummary> {
  const moment = stateMomentOf(services.clock.now());
  const [row] = await keptRows<Record<string, number | string>>(
    services.db,
    reads,
    sql`select
        count(*) filter (where s.state = 'recent') as recent,
        count(*) filter (where s.state = 'old') as old,
        count(*) filter (where s.state = 'never') as never,
        count(*) filter (where s.state = 'unknown') as unknown,
        count(*) filter (where s.remote = false) as remote_off,
        count(*) filter (where s.automatic = false) as automatic_off
      from (select ${backupStateSql(moment)} as state, b.remote, b.automatic
        from websites w ${statusJoin} ${where(filtersOf(services, q, moment))}) s`,
  );
  const n = (k: string) => Number(row?.[k] ?? 0);
  return {
    recent: n('recent'),
    old: n('old'),
    never: n('never'),
    unknown: n('unknown'),
    remoteOff: n('remote_off'),
    automaticOff: n('automatic_off'),
    thresholdHours: BACKUP_THRESHOLD_HOURS,
  };
}

const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

/** The list's rows in its order: worst first unless another sort is asked for. */
async function listRows(services: Services, q: ListQuery, limit?: { size: number; offset: number }) {
  const moment = stateMomentOf(services.clock.now());
  const state = backupStateSql(moment);
  const sort = parseSort(q.sort ?? 'state');
  const dir = direction(sort.desc);
  const order =
    sort.field === 'domain'
      ? sql`w.domain ${dir}, w.id`
      : sort.field === 'lastBackupAt'
        ? sql`b.last_backup_at ${dir} nulls first, w.domain, w.id`
        : sql`${rankSql(state)} ${dir}, b.last_backup_at ${dir} nulls first, w.domain, w.id`;
  const found = await keptRows<Record<string, unknown>>(
    services.db,
    reads,
    sql`select w.id, w.domain, w.integration_provider as host, cl.id as client_id, cl.name as client_name,
        ${state} as state, b.last_backup_at, b.last_location, b.schedule, b.automatic, b.retention_days, b.read_at
      from websites w ${statusJoin} left join clients cl on cl.id = w.client_id
      ${where(filtersOf(services, q, moment))}
      order by ${order}
      ${limit ? sql`limit ${limit.size} offset ${limit.offset}` : sql``}`,
  );
  return found.map((r) => ({
    websiteId: Number(r.id),
    domain: String(r.domain),
    host: r.host as BackupPage['data'][number]['host'],
    client: r.client_id == null ? null : { id: Number(r.client_id), name: String(r.client_name) },
    state: r.state as BackupState,
    lastBackupAt: iso(r.last_backup_at),
    location: (r.last_location ?? null) as BackupPage['data'][number]['location'],
    schedule: (r.schedule ?? null) as BackupPage['data'][number]['schedule'],
    automatic: (r.automatic ?? null) as boolean | null,
    retentionDays: r.retention_days == null ? null : Number(r.retention_days),
    readAt: iso(r.read_at),
  }));
}

/** One page of the fleet's websites with their backups, counted in SQL. */
export async function backupPage(services: Services, query: ListQuery): Promise<BackupPage> {
  const q = query;
  const { page, pageSize, offset } = pageOf(q);
  const moment = stateMomentOf(services.clock.now());
  const [data, total, overall] = await Promise.all([
    listRows(services, q, { size: pageSize, offset }),
    keptCount(
      services.db,
      reads,
      sql`select count(*) as n from websites w ${statusJoin} ${where(filtersOf(services, q, moment))}`,
    ),
    keptCount(
      services.db,
      reads,
      sql`select count(*) as n from websites w ${where(websiteListWhere(services, {}))}`,
    ),
  ]);
  return { data, total, overall, page, pageSize };
}

const CSV_HEADER = [
  'Website',
  'Host',
  'Client',
  'State',
  'Last backup',
  'Where',
  'Schedule',
  'Automatic backups',
  'Retention (days)',
  'Read at',
];

/** The list as CSV: its filters and order, every row. */
export async function backupCsvRows(services: Services, query: ListQuery) {
  const items = await listRows(services, query);
  const cells: Cell[][] = items.map((i) => [
    i.domain,
    i.host,
    i.client?.name ?? '',
    i.state,
    i.lastBackupAt ?? '',
    i.location ?? '',
    i.schedule ?? '',
    i.automatic === null ? '' : i.automatic,
    i.retentionDays,
    i.readAt ?? '',
  ]);
  return { header: CSV_HEADER, rows: cells };
}

/** How many backups a website's page lists (newest first); hosts keep a few weeks of them. */
const WEBSITE_BACKUPS_SHOWN = 200;

/** One website's backups, newest first, with what its host says of them (404 outside the person's clients). */
export async function readWebsiteBackups(services: Services, websiteId: number): Promise<WebsiteBackups> {
  const moment = stateMomentOf(services.clock.now());
  // The website (in the person's clients, else a 404), its status, its newest backups and the last
  // one asked for, in one statement.
  const [s] = await rows<Record<string, unknown>>(
    services.db,
    // The website's host under a name of its own: the status row (absent before any read) has a host
    // column too, which `b.*` would put in its place.
    sql`select w.domain, w.integration_provider as website_host, ${backupStateSql(moment)} as state, b.*,
        (select coalesce(json_agg(x), '[]') from (select id, at, kind, location, service, note, size_bytes
          from website_backups where website_id = w.id order by at desc, id desc
          limit ${WEBSITE_BACKUPS_SHOWN}) x) as backups,
        ${latestRequestColumn(sql`w.id`)} as last_request
      from websites w ${statusJoin}
      where w.id = ${websiteId} and ${clientInScope(services, sql`w.client_id`)}`,
  );
  if (!s) throw notFound('Website not found');
  const backups = json<Record<string, unknown>[]>(s.backups);
  type Item = WebsiteBackups['backups'][number];
  return {
    state: (s.state as BackupState) ?? 'unknown',
    lastBackupAt: iso(s.last_backup_at),
    schedule: (s.schedule ?? null) as WebsiteBackups['schedule'],
    retentionDays: s.retention_days == null ? null : Number(s.retention_days),
    remote: (s.remote ?? null) as boolean | null,
    automatic: (s.automatic ?? null) as boolean | null,
    host: s.website_host as WebsiteBackups['host'],
    readAt: iso(s.read_at),
    error: s.error ? { message: String(s.error), at: iso(s.error_at) ?? '' } : null,
    thresholdHours: s.threshold_hours == null ? BACKUP_THRESHOLD_HOURS : Number(s.threshold_hours),
    ownThreshold: s.threshold_hours != null,
    backups: backups.map((b) => ({
      id: Number(b.id),
      at: iso(b.at)!,
      kind: b.kind as Item['kind'],
      location: (b.location ?? null) as Item['location'],
      service: (b.service ?? null) as string | null,
      note: (b.note ?? null) as string | null,
      sizeBytes: b.size_bytes == null ? null : Number(b.size_bytes),
    })),
    lastRequest: latestRequestOf(s.last_request, { id: websiteId, domain: String(s.domain) }),
  };
}

/**
 * Sets one website's threshold (null: the default) for a person who may see it (404 otherwise), and
 * answers its backups as they now stand. A removed website keeps what it had: nothing ages there.
 */
export async function setBackupThreshold(
  services: Services,
  websiteId: number,
  body: BackupSettingsBody,
): Promise<WebsiteBackups> {
  const website = await readWebsite(services, websiteId);
  if (website.removed)
    throw conflict(`${website.domain} is no longer at its host: its backups are not watched`);
  await recordBackupThreshold(services.db, websiteId, website.integrationProvider, body.thresholdHours);
  return readWebsiteBackups(services, websiteId);
}

/**
 * For a report: each website's newest backup its host lists that was taken on or before `end`, and
 * when the host's backups were read (absent: never read, not known).
 */
export async function lastBackupsBefore(
  db: Services['db'],
  websiteIds: number[],
  end: Date,
): Promise<Map<number, { at: string | null; readAt: string | null }>> {
  if (websiteIds.length === 0) return new Map();
  const found = await rows<{ website_id: number; at: string | null; read_at: string | null }>(
    db,
    sql`select b.website_id, b.read_at,
        (select max(k.at) from website_backups k where k.website_id = b.website_id
          and k.at <= ${end.toISOString()}::timestamptz) as at
      from website_backup_status b
      where b.website_id in ${sql.raw(`(${websiteIds.map(Number).join(',')})`)}`,
  );
  return new Map(found.map((r) => [Number(r.website_id), { at: iso(r.at), readAt: iso(r.read_at) }]));
}
