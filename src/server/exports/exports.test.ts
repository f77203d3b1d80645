import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { clients, incidents, providerRecords, tags, websites, websiteTags } from '../db/schema';
import { listColumns } from '../provider-cache/columns';
import { refreshHealth } from '../websites/read-model';
import { neutralise, safeFileName, toCsv } from './csv';

describe('CSV cells', () => {
  it('neutralises what a spreadsheet would run as a formula', () => {
    for (const bad of ['=1+1', '+33 1 23', '-2', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://x")'])
      expect(neutralise(bad)).toBe(`'${bad}`);
    for (const fine of ['a=b', 'Dental Co', '', '1-2']) expect(neutralise(fine)).toBe(fine);
    // Numbers stay numbers (a negative figure is not text someone typed).
    expect(neutralise(-2)).toBe(-2);
    expect(neutralise(null)).toBeNull();
  });

  it('quotes commas, quotes and line breaks', () => {
    const csv = toCsv(
      ['a', 'b'],
      [
        ['x, y', 'say "hi"'],
        ['line\nbreak', '=cmd|calc'],
      ],
    );
    expect(csv).toBe('\ufeffa,b\r\n"x, y","say ""hi"""\r\n"line\nbreak",\'=cmd|calc\r\n');
  });

  it('makes file names header-safe', () => {
    expect(safeFileName('Dental "Co"\r\n report.csv')).toBe('dental-co-report.csv');
  });
});

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
  const [dental] = await t.db
    .insert(clients)
    .values({ name: 'Dental, Co', company: '=HYPERLINK("x")' })
    .returning();
  await t.db.insert(clients).values({ name: 'Acme', notes: 'two\nlines' });
  await t.db.insert(providerRecords).values({
    provider: 'gridpane',
    kind: 'servers',
    externalId: '7',
    data: { name: 'web-1', label: 'web-1' },
    syncedAt: new Date(),
  });
  const [a, b] = await t.db
    .insert(websites)
    .values([
      {
        name: 'Smile',
        domain: 'smile.example',
        integrationProvider: 'gridpane',
        status: 'active',
        environment: 'production',
        serverId: '7',
        clientId: dental!.id,
        providerSiteId: '1',
      },
      {
        name: '-Other',
        domain: 'other.example',
        integrationProvider: 'gridpane',
        status: 'error', // as the sync keeps it: GridPane lists the site in error
        environment: 'staging',
        serverId: '8',
        providerSiteId: '2',
      },
      {
        name: 'Gone',
        domain: 'gone.example',
        integrationProvider: 'gridpane',
        status: 'active',
        environment: 'production',
        removed: true,
      },
    ])
    .returning();
  // The sites as GridPane lists them (one in error) and a monitor on one of them, as a sync writes them.
  const record = (provider: string, kind: string, externalId: string, data: Record<string, unknown>) => ({
    provider,
    kind,
    externalId,
    data,
    syncedAt: new Date(),
    ...listColumns({ provider, kind }, data),
  });
  await t.db.insert(providerRecords).values([
    record('gridpane', 'sites', '1', { id: 1, url: 'smile.example', status: 'active', server_id: 7 }),
    record('gridpane', 'sites', '2', { id: 2, url: 'other.example', status: 'error', server_id: 8 }),
    record('betteruptime', 'monitors', 'm1', {
      id: 'm1',
      attributes: { url: 'https://smile.example', status: 'up' },
    }),
  ]);
  const [tag] = await t.db.insert(tags).values({ name: 'vip', color: '#ff0000' }).returning();
  await t.db.insert(websiteTags).values({ websiteId: b!.id, tagId: tag!.id });
  await t.db.insert(incidents).values({
    source: 'check',
    websiteId: a!.id,
    title: 'smile.example is down',
    cause: '+HTTP 503, "Service Unavailable"',
    startedAt: new Date('2026-11-10T10:00:00Z'),
    endedAt: new Date('2026-11-10T10:30:00Z'),
  });
  // Written behind the app's back: the health the minute's job would keep, now.
  await refreshHealth({ db: t.db }, t.clock.now());
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const lines = (body: string) =>
  body
    .replace(/^\ufeff/, '')
    .trimEnd()
    .split('\r\n');

describe('CSV exports', () => {
  it('exports the websites with their client and server, as an attachment', async () => {
    const res = await get('/api/websites/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="websites-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = lines(res.body);
    expect(rows[0]).toBe(
      'Domain,Name,Client,Server,Status,Environment,Provider,Tags,Added,Health,Health source,' +
        'Health since (UTC),WordPress,PHP,Monitor,Uptime 30 days (%),Uptime measured from (UTC),Avg response (ms),' +
        'Security risk,Open findings,Not checked because',
    );
    expect(rows).toHaveLength(3); // the removed site is not in the list
    expect(rows[1]).toMatch(/^other\.example,'-Other,,8,error,staging,gridpane,vip,[^,]+,Not monitored,,/);
    // Nothing has read its plugins: not checked, with the reason, never "no vulnerabilities".
    expect(rows[1]).toMatch(/,Not checked,,HD Snapshot has not been read on this site yet$/);
    expect(rows[2]).toMatch(
      /^smile\.example,Smile,"Dental, Co",web-1,active,production,gridpane,,[^,]+,Up,Better Uptime,,,,Better Uptime: https:\/\/smile\.example,/,
    );
  });

  it('applies the list filters', async () => {
    const only = async (query: string) =>
      lines((await get(`/api/websites/export.csv?${query}`)).body).slice(1);
    expect(await only('q=SMILE')).toHaveLength(1);
    expect((await only('serverId=8'))[0]).toMatch(/^other\.example/);
    expect(await only('tagId=999')).toHaveLength(0);
    const [vip] = await t.db.select().from(tags);
    expect((await only(`tagId=${vip!.id}`))[0]).toMatch(/^other\.example/);
    const [dental] = await t.db.select().from(clients).where(eq(clients.name, 'Dental, Co'));
    expect(await only(`clientId=${dental!.id}`)).toEqual([expect.stringMatching(/^smile\.example,/)]);
    expect((await get('/api/websites/export.csv?serverId=abc')).statusCode).toBe(400);
  });

  it("applies the list's status and monitor filters too", async () => {
    const only = async (query: string) =>
      lines((await get(`/api/websites/export.csv?${query}`)).body)
        .slice(1)
        .map((r) => r.split(',')[0]);
    expect(await only('status=error')).toEqual(['other.example']);
    expect(await only('monitor=up')).toEqual(['smile.example']);
    expect(await only('monitor=none')).toEqual(['other.example']);
    expect(await only('monitor=down')).toEqual([]);
    expect((await get('/api/websites/export.csv?monitor=sideways')).statusCode).toBe(400);
  });

  it('exports the clients, formulas neutralised and line breaks quoted', async () => {
    const res = await get('/api/clients/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="clients-/);
    const body = res.body.replace(/^\ufeff/, '');
    expect(body.startsWith('Name,Company,Job title,Email,Phone,Status,Tags,Websites,Notes,Added\r\n')).toBe(
      true,
    );
    expect(body).toContain('Acme,,,,,active,,0,"two\nlines",');
    expect(body).toContain('"Dental, Co","\'=HYPERLINK(""x"")",,,,active,,1,,');
  });

  it('exports the incidents with their filters', async () => {
    const res = await get('/api/incidents/export.csv?status=resolved');
    expect(res.statusCode).toBe(200);
    const rows = lines(res.body);
    expect(rows[0]).toBe(
      'Id,Status,Source,Title,Cause,Domain,Client,Server,Started (UTC),Ended (UTC),Duration (minutes)',
    );
    expect(rows[1]).toMatch(
      /^\d+,resolved,check,smile\.example is down,"'\+HTTP 503, ""Service Unavailable""",smile\.example,"Dental, Co",,2026-11-10T10:00:00\.000Z,2026-11-10T10:30:00\.000Z,30$/,
    );
    expect(lines((await get('/api/incidents/export.csv?status=open')).body)).toHaveLength(1);
    expect((await get('/api/incidents/export.csv?status=nope')).statusCode).toBe(400);
  });

  it('needs a signed-in user', async () => {
    for (const url of ['/api/websites/export.csv', '/api/clients/export.csv', '/api/incidents/export.csv'])
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});
