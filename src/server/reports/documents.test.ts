import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { FIXTURE_DAY, PNG_1PX, pdfText, seedReport } from './test-helpers';

let t: TestApp;
let cookie: string;
let clientId: number;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
  ({ clientId } = await seedReport(t, 'Dental, "Smiles" & Co'));
  const logo = await t.app.inject({
    method: 'PUT',
    url: '/api/settings/agency/logo',
    headers: { cookie },
    payload: { data: PNG_1PX },
  });
  expect(logo.statusCode).toBe(200);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const period = `from=${FIXTURE_DAY}&to=${FIXTURE_DAY}`;

describe('report PDF', () => {
  it('states the figures with their sources, incidents and tasks, as a download', async () => {
    const res = await get(`/api/clients/${clientId}/report.pdf?${period}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="dental-smiles-co-report-2026-11-10-to-2026-11-10.pdf"',
    );
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Pixel Agency');
    expect(text).toContain('Website report: Dental, "Smiles" & Co');
    expect(text).toContain('Period: 2026-11-10 to 2026-11-10');
    expect(text).toContain('smile.example');
    expect(text).toContain('97.92 %');
    expect(text).toContain('Agency Hub checks: 1,410 of 1,440 results up');
    expect(text).toContain('250 ms');
    expect(text).toMatch(/10 Nov 2026, 10:00, 30 min: smile\.example is down/);
    // The site nothing watches says so, never 0 % or 100 %.
    expect(text).toContain('quiet.example');
    expect(text).toContain('no data');
    expect(text).toContain('No check or monitor watches this site');
    expect(text).not.toMatch(/\b(0|100)\.00 %/);
    expect(text).toContain('Renew the certificate');
  });

  it('gives the same figures for the same period twice', async () => {
    const one = await pdfText((await get(`/api/clients/${clientId}/report.pdf?${period}`)).rawPayload);
    t.clock.advance(60_000);
    const two = await pdfText((await get(`/api/clients/${clientId}/report.pdf?${period}`)).rawPayload);
    const figures = (s: string) => s.replace(/Generated .*/g, '');
    expect(figures(two)).toBe(figures(one));
  });

  it('refuses a bad period like the JSON does', async () => {
    const res = await get(`/api/clients/${clientId}/report.pdf?from=2026-11-10&to=2026-11-01`);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.from).toEqual(['from must be on or before to']);
    expect((await get(`/api/clients/424242/report.pdf?${period}`)).statusCode).toBe(404);
  });
});

describe('report CSV', () => {
  it('has one row a website with the figures and sources, quoted where needed', async () => {
    const res = await get(`/api/clients/${clientId}/report.csv?${period}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="dental-smiles-co-report-.*\.csv"$/,
    );
    const lines = res.body.replace(/^\ufeff/, '').split('\r\n');
    expect(lines[0]).toMatch(/^Client,From,To,Time zone,Domain,Uptime \(%\),Uptime source,/);
    // The client's name holds a comma and quotes: quoted, quotes doubled.
    expect(lines[1]).toMatch(/^"Dental, ""Smiles"" & Co",2026-11-10,2026-11-10,UTC,quiet\.example,no data,/);
    expect(res.body).toContain('smile.example,97.92,"Agency Hub checks: 1,410 of 1,440 results up",250,');
  });
});
