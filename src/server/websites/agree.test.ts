import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { storedMonitor } from '../../../test/support/provider-records';
import { cardStatusOf } from '../../shared/dashboard';
import { HEALTH_LABELS, HEALTH_SOURCE_LABELS, type Health } from '../../shared/websites';
import { checks, providerRecords, websites } from '../db/schema';
import { refreshHealth } from './read-model';

// One website has one health, whichever page names it: the Websites list and a website's page, its
// client's page, the dashboard's cards, the search and the CSV export all give the same state, source
// and "since". Our check wins over a Better Uptime monitor that watches the same domain, and a
// maintenance window covering a website reads "maintenance" whatever watches it.
let t: TestApp;
let cookie: string;
let clientId: number;
const id: Record<string, number> = {};
const DOWN = 'checkdown.example'; // our check says down, a Better Uptime monitor says up
const WINDOW = 'inwindow.example'; // our check says up, a maintenance window covers it
const WATCHED = 'monitored.example'; // only a Better Uptime monitor watches it (up)
const EXTRA = 'extra.example'; // added by the last test: two Better Uptime monitors watch it
const DOWN_SINCE = new Date(Date.now() - 2 * 3_600_000);

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

/** A Better Uptime monitor of a domain, as a sync stores it. */
const monitor = (externalId: string, domain: string, status = 'up') =>
  storedMonitor(externalId, `https://${domain}/`, t.clock.now(), { pronounceable_name: domain, status });

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
  clientId = (
    await t.app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: { cookie },
      payload: { name: 'Harbour Dental' },
    })
  ).json().id;
  const rows = await t.db
    .insert(websites)
    .values(
      [DOWN, WINDOW, WATCHED].map((domain, i) => ({
        name: domain,
        domain,
        integrationProvider: 'gridpane',
        providerSiteId: String(500 + i),
        serverId: '9',
        status: 'active',
        environment: 'production',
        clientId,
      })),
    )
    .returning();
  for (const w of rows) id[w.domain] = w.id;
  const at = t.clock.now();
  // A second monitor of the same domain, written last, says down: the lowest id (702) is the one that counts.
  await t.db
    .insert(providerRecords)
    .values([monitor('701', DOWN), monitor('702', WATCHED), monitor('7020', WATCHED, 'down')]);
  await t.db.insert(checks).values(
    [
      { domain: DOWN, status: 'down', statusSince: DOWN_SINCE },
      { domain: WINDOW, status: 'up', statusSince: DOWN_SINCE },
    ].map((c) => ({
      name: c.domain,
      url: `https://${c.domain}`,
      intervalSeconds: 60,
      timeoutSeconds: 10,
      expectedStatus: '200-399',
      confirmations: 2,
      websiteId: id[c.domain]!,
      status: c.status,
      statusSince: c.statusSince,
      lastCheckedAt: at,
    })),
  );
  // Written behind the app's back: the health the minute's job would keep, now.
  await refreshHealth({ db: t.db }, at);
  // A window through the API, as a person starts one: it keeps the health of what it covers at once.
  const window = await t.app.inject({
    method: 'POST',
    url: '/api/maintenance',
    headers: { cookie },
    payload: { websiteIds: [id[WINDOW]], durationMinutes: 60, reason: 'Theme update' },
  });
  expect(window.statusCode, window.body).toBe(201);
});
afterAll(() => t.close());

/** The health of each of the three websites, as one endpoint gives it. */
type Seen = Record<string, Health | undefined>;

async function fromList(query = ''): Promise<Seen> {
  const res = await get(`/api/websites?pageSize=50${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as { domain: string; health: Health }[];
  return Object.fromEntries(data.map((w) => [w.domain, w.health]));
}

async function fromDetail(): Promise<Seen> {
  const out: Seen = {};
  for (const domain of [DOWN, WINDOW, WATCHED])
    out[domain] = (await get(`/api/websites/${id[domain]}`)).json().health;
  return out;
}

async function fromClient(): Promise<Seen> {
  const data = (await get(`/api/clients/${clientId}/websites`)).json() as {
    domain: string;
    health: Health;
  }[];
  return Object.fromEntries(data.map((w) => [w.domain, w.health]));
}

async function fromSearch(): Promise<Seen> {
  const out: Seen = {};
  for (const domain of [DOWN, WINDOW, WATCHED]) {
    const hits = (await get(`/api/search?q=${domain}`)).json().data as {
      type: string;
      title: string;
      health?: Health | null;
    }[];
    out[domain] = hits.find((h) => h.type === 'website' && h.title === domain)?.health ?? undefined;
  }
  return out;
}

/** The export's Health, Health source and Health since columns, read back as a health. */
async function fromExport(): Promise<Seen> {
  const res = await get('/api/websites/export.csv?sort=health');
  expect(res.statusCode).toBe(200);
  const [header, ...lines] = res.body
    .replace(/^\ufeff/, '')
    .trimEnd()
    .split('\r\n');
  const cols = header!.split(',');
  const at = (name: string) => cols.indexOf(name);
  const stateOf = Object.fromEntries(Object.entries(HEALTH_LABELS).map(([k, v]) => [v, k]));
  const sourceOf = Object.fromEntries(Object.entries(HEALTH_SOURCE_LABELS).map(([k, v]) => [v, k]));
  return Object.fromEntries(
    lines.map((line) => {
      const cells = line.split(',');
      const health = {
        state: stateOf[cells[at('Health')]!],
        source: sourceOf[cells[at('Health source')]!] ?? null,
        since: cells[at('Health since (UTC)')] || null,
      } as Health;
      return [cells[0], health];
    }),
  );
}

describe('one website, one health, on every page', () => {
  it('gives our check’s "down" over an "up" monitor, and "maintenance" in a window, everywhere', async () => {
    const expected: Seen = {
      [DOWN]: { state: 'down', source: 'check', since: DOWN_SINCE.toISOString() },
      [WINDOW]: { state: 'maintenance', source: 'check', since: expect.any(String) as unknown as string },
      [WATCHED]: { state: 'up', source: 'betteruptime', since: null },
    };
    const list = await fromList();
    expect(list).toEqual(expected);
    // The window's "since" is when it began, the same on every page.
    const windowSince = list[WINDOW]!.since!;
    expect(Math.abs(new Date(windowSince).getTime() - t.clock.now().getTime())).toBeLessThan(60_000);

    for (const [page, seen] of Object.entries({
      'the website page': await fromDetail(),
      'the client page': await fromClient(),
      'the search': await fromSearch(),
      'the CSV export': await fromExport(),
    })) {
      expect(seen, page).toEqual(list);
    }
  });

  it('puts the same health on the dashboard’s cards, their status worded from it', async () => {
    const list = await fromList();
    const body = (await get('/api/dashboard')).json() as {
      websiteStatus: { domain: string; status: string | null; health: Health }[];
    };
    // GridPane is not connected here: the cards show the websites our own checks watch.
    const cards = Object.fromEntries(body.websiteStatus.map((c) => [c.domain, c]));
    for (const domain of [DOWN, WINDOW]) {
      expect(cards[domain]?.health, domain).toEqual(list[domain]);
      expect(cards[domain]?.status, domain).toBe(cardStatusOf(list[domain]!.state));
    }
    expect(cards[DOWN]?.status).toBe('offline');
    expect(cards[WINDOW]?.status).toBe('maintenance');
  });

  it('filters and sorts the list by that health, the old monitor filter included', async () => {
    expect(Object.keys(await fromList('&health=down'))).toEqual([DOWN]);
    expect(Object.keys(await fromList('&health=maintenance'))).toEqual([WINDOW]);
    // "Monitor down" means the website's health, not the monitor's own status (which says up).
    expect(Object.keys(await fromList('&monitor=down'))).toEqual([DOWN]);
    expect(Object.keys(await fromList('&monitor=up'))).toEqual([WATCHED]);
    // Worst first: down, …, maintenance, up; and the other way round.
    expect(Object.keys(await fromList('&sort=health'))).toEqual([DOWN, WINDOW, WATCHED]);
    expect(Object.keys(await fromList('&sort=-health'))).toEqual([WATCHED, WINDOW, DOWN]);
    expect(Object.keys(await fromList(`&clientId=${clientId}&health=up`))).toEqual([WATCHED]);
  });

  it('gives the fleet’s sites, the monitor-data map and the dashboard’s counts the same', async () => {
    // One more website, which two Better Uptime monitors watch: the lowest id (99, down, written last)
    // counts over 100 (up). Whichever order a read takes them in, taking the first or the last of the
    // two disagrees with the rule on this domain or on monitored.example.
    const [extra] = await t.db
      .insert(websites)
      .values({
        name: EXTRA,
        domain: EXTRA,
        integrationProvider: 'gridpane',
        providerSiteId: '599',
        status: 'active',
        environment: 'production',
      })
      .returning();
    await t.db.insert(providerRecords).values([monitor('100', EXTRA), monitor('99', EXTRA, 'down')]);
    await refreshHealth({ db: t.db }, t.clock.now(), [extra!.id]);

    const page = (await get('/api/websites?pageSize=50')).json().data as {
      domain: string;
      health: Health;
      monitor: { status: string } | null;
    }[];
    const list = Object.fromEntries(page.map((w) => [w.domain, w.health]));
    expect(Object.keys(list).sort()).toEqual([DOWN, EXTRA, WATCHED, WINDOW].sort());

    // The fleet's sites behind a count (none of these has WordPress facts: "unknown").
    const fleet = (await get('/api/fleet/sites?php=unknown&pageSize=50')).json().data as {
      domain: string;
      health: Health;
    }[];
    expect(Object.fromEntries(fleet.map((s) => [s.domain, s.health]))).toEqual(list);

    // The monitor-data map names, per domain, the monitor the list follows (702, not 7020).
    const map = (await get('/api/websites/monitor-data')).json() as Record<string, { status: string }>;
    for (const w of page) expect(map[w.domain]?.status, w.domain).toBe(w.monitor?.status);
    expect([map[WATCHED]?.status, map[EXTRA]?.status]).toEqual(['up', 'down']);

    // The dashboard's Online and Down are the list's websites up and down.
    const total = async (health: string) =>
      (await get(`/api/websites?pageSize=1&health=${health}`)).json().total as number;
    const dashboard = (await get('/api/dashboard')).json() as { online: number; down: number };
    expect({ online: dashboard.online, down: dashboard.down }).toEqual({
      online: await total('up'),
      down: await total('down'),
    });
    expect(dashboard).toMatchObject({ online: 1, down: 2 });
  });
});
