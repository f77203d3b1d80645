import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/support/app';
import { databaseUrl } from '../../../test/support/global-setup';
import { templatePaths } from '../../../test/support/paths';
import { testConfig } from '../config';
import { secretBox } from '../core/secret-box';
import { type Database, openDatabase } from '../db/client';
import { agencySettings, clients, reportDeliveries, reportSchedules } from '../db/schema';
import type { Mail } from '../email/mailer';
import { createServices, type Services } from '../services';
import { REPORT_SEND_JOB, reportSendJob, reportsDueJob, sendDelivery, startDueReports } from './deliveries';
import { pdfText, seedReport } from './test-helpers';

let t: TestApp;
let cookie: string;
let clientId: number;
let noEmailId: number;
let failNext = 0;
const sent: Mail[] = [];

beforeAll(async () => {
  t = await createTestApp({
    mailer: {
      send: async (mail) => {
        if (failNext > 0) {
          failNext--;
          throw new Error('Greeting never received (SMTP timeout)');
        }
        sent.push(mail);
      },
    },
  });
  cookie = await t.signIn();
  ({ clientId } = await seedReport(t));
  const [c] = await t.db.insert(clients).values({ name: 'No Email Ltd' }).returning();
  noEmailId = c!.id;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('report schedule API', () => {
  it('is off until saved, and says where it would send', async () => {
    const res = await call('GET', `/api/clients/${clientId}/report-schedule`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      clientId,
      dayOfMonth: null,
      email: null,
      enabled: false,
      sendsTo: 'office@dental.example',
      updatedAt: null,
      deliveries: [],
    });
    expect((await call('GET', '/api/clients/987654/report-schedule')).statusCode).toBe(404);
  });

  it('refuses a bad day, a bad address, unknown fields, and nowhere to send', async () => {
    const bad = async (body: object, field: string, message: RegExp, id = clientId) => {
      const res = await call('PUT', `/api/clients/${id}/report-schedule`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors[field].join(' ')).toMatch(message);
    };
    const day = /Day of the month must be a whole number from 1 to 28/;
    await bad({ dayOfMonth: 0, enabled: true }, 'dayOfMonth', day);
    await bad({ dayOfMonth: 29, enabled: true }, 'dayOfMonth', day);
    await bad({ dayOfMonth: 1.5, enabled: true }, 'dayOfMonth', day);
    await bad({ dayOfMonth: '3', enabled: true }, 'dayOfMonth', day);
    await bad({ dayOfMonth: 3, enabled: 'yes' }, 'enabled', /true or false/);
    await bad({ dayOfMonth: 3, enabled: true, email: 'not an address' }, 'email', /valid email/i);
    await bad({ dayOfMonth: 3, enabled: true }, 'email', /no email address/, noEmailId);
    const extra = await call('PUT', `/api/clients/${clientId}/report-schedule`, {
      dayOfMonth: 3,
      enabled: true,
      extra: 1,
    });
    expect(extra.statusCode).toBe(400);
    expect(
      (await call('PUT', '/api/clients/987654/report-schedule', { dayOfMonth: 3, enabled: false }))
        .statusCode,
    ).toBe(404);
  });

  it('saves and reads back, another address winning over the client’s', async () => {
    const res = await call('PUT', `/api/clients/${clientId}/report-schedule`, {
      dayOfMonth: 2,
      email: 'boss@dental.example',
      enabled: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      dayOfMonth: 2,
      email: 'boss@dental.example',
      enabled: true,
      sendsTo: 'boss@dental.example',
    });
    expect((await call('GET', `/api/clients/${clientId}/report-schedule`)).json().dayOfMonth).toBe(2);
    // Off, a client without any address is fine.
    expect(
      (await call('PUT', `/api/clients/${noEmailId}/report-schedule`, { dayOfMonth: 1, enabled: false }))
        .statusCode,
    ).toBe(200);
  });
});

describe('scheduled report job', () => {
  it('waits for its day, then sends the previous month’s PDF once', async () => {
    t.clock.advance(Date.parse('2026-12-01T10:00:00Z') - t.clock.now().getTime());
    expect(await startDueReports(t.services)).toBe(0); // day 2 has not come
    t.clock.advance(86_400_000);
    expect(await startDueReports(t.services)).toBe(1);
    await t.services.jobs.idle();
    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(mail.to).toBe('boss@dental.example');
    expect(mail.subject).toBe('Pixel Agency: website report for Dental Co, 2026-11');
    expect(mail.attachments?.[0]).toMatchObject({
      filename: 'Dental-Co-report-2026-11.pdf',
      contentType: 'application/pdf',
    });
    const text = await pdfText(mail.attachments![0]!.content);
    expect(text).toContain('Period: 1 Nov 2026 to 30 Nov 2026');
    expect(text).toContain('97.92 %');
    // Later the same month, and after a restart: nothing more.
    t.clock.advance(5 * 86_400_000);
    expect(await startDueReports(t.services)).toBe(0);
    await t.services.jobs.idle();
    expect(sent).toHaveLength(1);
    const [row] = await t.db.select().from(reportDeliveries).where(eq(reportDeliveries.clientId, clientId));
    expect(row).toMatchObject({
      period: '2026-11',
      status: 'sent',
      email: 'boss@dental.example',
      error: null,
    });
    cookie = await t.signIn();
    const schedule = (await call('GET', `/api/clients/${clientId}/report-schedule`)).json();
    expect(schedule.deliveries).toEqual([expect.objectContaining({ period: '2026-11', status: 'sent' })]);
  });

  it('records an SMTP failure and sends on the retry, never twice', async () => {
    await t.db.insert(reportDeliveries).values({ clientId, period: '2026-10', email: 'boss@dental.example' });
    failNext = 1;
    await expect(sendDelivery(t.services, clientId, '2026-10')).rejects.toThrow(/SMTP timeout/);
    const where = eq(reportDeliveries.period, '2026-10');
    expect((await t.db.select().from(reportDeliveries).where(where))[0]).toMatchObject({
      status: 'failed',
      error: 'Greeting never received (SMTP timeout)',
    });
    const before = sent.length;
    expect(await sendDelivery(t.services, clientId, '2026-10')).toBe('sent');
    expect(await sendDelivery(t.services, clientId, '2026-10')).toBe('skipped');
    expect(sent.length).toBe(before + 1);
    expect((await t.db.select().from(reportDeliveries).where(where))[0]).toMatchObject({
      status: 'sent',
      error: null,
    });
  });

  it('is a job the engine retries', () => {
    const spec = reportSendJob(t.services);
    expect(spec.name).toBe(REPORT_SEND_JOB.name);
    expect(spec.retryLimit).toBeGreaterThanOrEqual(5);
    expect(reportsDueJob(t.services).cron).toBeDefined();
  });
});

// Two instances on one PostgreSQL, both finding the same reports due at the same moment: each
// (client, month) is sent once.
const base = process.env.TEST_DATABASE_URL;
describe.runIf(process.env.TEST_DB_KIND === 'postgres' && base)('two instances on PostgreSQL', () => {
  const name = `${templatePaths.pgPrefix}${randomBytes(6).toString('hex')}`;
  const mails: Mail[] = [];
  let dbs: Database[] = [];
  let instances: Services[] = [];

  const admin = async (query: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(query).finally(() => c.end());
  };

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name} TEMPLATE ${templatePaths.pgTemplate}`);
    const clock = new TestClock();
    clock.advance(Date.parse('2026-12-03T08:00:00Z') - clock.now().getTime());
    const box = secretBox(randomBytes(32));
    const mailer = {
      send: async (mail: Mail) => {
        await new Promise((r) => setTimeout(r, 20));
        mails.push(mail);
      },
    };
    dbs = await Promise.all(
      [0, 1].map(() =>
        openDatabase({ kind: 'postgres', url: databaseUrl(base!, name), max: 4 }, { migrate: false }),
      ),
    );
    instances = dbs.map((d) =>
      createServices(testConfig(), d, { clock, mailer, box, jobs: { supervise: false, schedule: false } }),
    );
    await Promise.all(instances.map((s) => s.jobs.start([reportsDueJob(s), reportSendJob(s)] as never)));
    const db = dbs[0]!.db;
    await db.insert(agencySettings).values({ id: 1, name: 'Pixel Agency', timeZone: 'UTC' });
    const rows = await db
      .insert(clients)
      .values(
        ['A', 'B', 'C', 'D', 'E'].map((n) => ({
          name: `Client ${n}`,
          email: `${n.toLowerCase()}@example.com`,
        })),
      )
      .returning();
    await db
      .insert(reportSchedules)
      .values(rows.map((r) => ({ clientId: r.id, dayOfMonth: 1, enabled: true })));
  });

  afterAll(async () => {
    await Promise.all(instances.map((s) => s.jobs.stop()));
    await Promise.all(dbs.map((d) => d.close()));
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('sends each client’s report once', async () => {
    const [a, b] = instances as [Services, Services];
    const started = await Promise.all([
      startDueReports(a),
      startDueReports(b),
      startDueReports(a),
      startDueReports(b),
    ]);
    expect(started.reduce((x, y) => x + y, 0)).toBe(5);
    await Promise.all(instances.map((s) => s.jobs.idle()));
    expect(mails.map((m) => m.to).sort()).toEqual([
      'a@example.com',
      'b@example.com',
      'c@example.com',
      'd@example.com',
      'e@example.com',
    ]);
    const rows = await dbs[1]!.db.select().from(reportDeliveries);
    expect(rows).toHaveLength(5);
    for (const r of rows) expect(r).toMatchObject({ period: '2026-11', status: 'sent' });
  });
});
