import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { createTestDatabase } from '../../../test/support/database';
import { agencySettings, clients } from '../db/schema';
import { FIXTURE_DAY, PNG_1PX, pdfImages, pdfText, seedReport } from './test-helpers';

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
    // No company: the contact's name is the title.
    expect(text).toMatch(/Website report\s*Dental, "Smiles" & Co/);
    expect(text).not.toContain('Contact:');
    expect(text).toContain('Period: 10 Nov 2026 to 10 Nov 2026');
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

  it('is titled with the company, the contact below, the agency above, a summary table and daily bars first', async () => {
    await t.db.update(clients).set({ company: 'Harbour Dental GmbH' }).where(eq(clients.id, clientId));
    try {
      const text = await pdfText((await get(`/api/clients/${clientId}/report.pdf?${period}`)).rawPayload);
      const at = (s: string) => text.indexOf(s);
      expect(at('Pixel Agency')).toBeGreaterThan(-1);
      expect(text).toMatch(/Website report\s*Harbour Dental GmbH\s*Contact: Dental, "Smiles" & Co/);
      // The summary: one row a site with its uptime, incidents and mean response, before any detail.
      expect(text).toMatch(/Summary\s*Website\s*Uptime\s*Incidents\s*Avg response/);
      expect(text).toMatch(/quiet\.example\s*No data\s*0\s*No data/);
      expect(text).toMatch(/smile\.example\s*97\.92 %\s*1\s*250 ms/);
      expect(at('Pixel Agency')).toBeLessThan(at('Harbour Dental GmbH'));
      expect(at('Summary')).toBeLessThan(at('Daily uptime'));
      // Each site's daily bars: the measured one has its days, the unwatched one says why not.
      expect(text).toMatch(/Daily uptime\s*10 Nov 2026\s*10 Nov 2026\s*Up\s*Down\s*No data/);
      expect(text).toContain('No daily figures: no check or monitor watches this site.');
    } finally {
      await t.db.update(clients).set({ company: null }).where(eq(clients.id, clientId));
    }
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

describe('report PDF logo', () => {
  it('is the checked copy of the upload: a 1,200 × 400 PNG is drawn from its 512 × 171 copy', async () => {
    const upload = await sharp({
      create: { width: 1200, height: 400, channels: 4, background: { r: 10, g: 120, b: 60, alpha: 0.9 } },
    })
      .png()
      .toBuffer();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/agency/logo',
      headers: { cookie },
      payload: { data: upload.toString('base64') },
    });
    expect(res.statusCode).toBe(200);
    const pdf = await get(`/api/clients/${clientId}/report.pdf?${period}`);
    expect(pdf.statusCode).toBe(200);
    // The colour image and its transparency mask.
    expect(pdfImages(pdf.rawPayload)).toEqual([
      { width: 512, height: 171 },
      { width: 512, height: 171 },
    ]);
  });

  it('never draws a bomb stored before uploads were checked: it is gone when the app starts', async () => {
    const database = await createTestDatabase();
    const bomb = await sharp({
      create: { width: 8000, height: 8000, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    await database.db
      .insert(agencySettings)
      .values({ logo: new Uint8Array(bomb), logoType: 'image/png', logoUpdatedAt: new Date() });
    const old = await createTestApp({ database });
    try {
      const oldCookie = await old.signIn();
      const { clientId: id } = await seedReport(old);
      const started = performance.now();
      const pdf = await old.app.inject({
        method: 'GET',
        url: `/api/clients/${id}/report.pdf?${period}`,
        headers: { cookie: oldCookie },
      });
      expect(pdf.statusCode).toBe(200);
      expect(performance.now() - started).toBeLessThan(2000);
      expect(pdfImages(pdf.rawPayload)).toEqual([]);
      expect(await pdfText(pdf.rawPayload)).toContain('Pixel Agency');
    } finally {
      await old.close();
    }
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

describe('a period ending 9999-12-31', () => {
  it('is a 400 saying which dates are accepted, for the JSON, the PDF and the CSV alike', async () => {
    const now = t.clock.now();
    const latest = `${now.getUTCFullYear() + 1}${now.toISOString().slice(4, 10)}`;
    for (const ext of ['', '.pdf', '.csv']) {
      for (const query of ['from=9999-12-01&to=9999-12-31', `from=${FIXTURE_DAY}&to=9999-12-31`]) {
        const res = await get(`/api/clients/${clientId}/report${ext}?${query}`);
        expect(res.statusCode, `report${ext}?${query}`).toBe(400);
        expect(res.json().code).toBe('invalid_input');
        expect(res.json().fieldErrors.to).toEqual([`The end date must be between 2000-01-01 and ${latest}.`]);
        expect(res.json().message).toContain(`The end date must be between 2000-01-01 and ${latest}.`);
      }
      const early = await get(`/api/clients/${clientId}/report${ext}?from=1999-12-31&to=2000-01-01`);
      expect(early.statusCode).toBe(400);
      expect(early.json().fieldErrors).toEqual({
        from: [`The start date must be between 2000-01-01 and ${latest}.`],
      });
    }
  });
});
