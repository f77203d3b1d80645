import type { TestApp } from '../../../test/support/app';

export { pdfText } from '../../../test/support/pdf-text';

import { agencySettings, checkResults, checks, clients, incidents, tasks, websites } from '../db/schema';

/** 2026-11-10 in UTC: one site down 30 of 1,440 minutes (97.92 %), one site nothing watches. */
export const FIXTURE_DAY = '2026-11-10';

export async function seedReport(t: TestApp, clientName = 'Dental Co') {
  await t.db
    .insert(agencySettings)
    .values({ id: 1, name: 'Pixel Agency', timeZone: 'UTC' })
    .onConflictDoUpdate({ target: agencySettings.id, set: { name: 'Pixel Agency', timeZone: 'UTC' } });
  const [client] = await t.db
    .insert(clients)
    .values({ name: clientName, email: 'office@dental.example' })
    .returning();
  const clientId = client!.id;
  const [up] = await t.db
    .insert(websites)
    .values([
      {
        name: 'Smile',
        domain: 'smile.example',
        integrationProvider: 'gridpane',
        status: 'active',
        environment: 'production',
        clientId,
      },
      {
        name: 'Quiet',
        domain: 'quiet.example',
        integrationProvider: 'gridpane',
        status: 'active',
        environment: 'production',
        clientId,
      },
    ])
    .returning();
  const [check] = await t.db
    .insert(checks)
    .values({
      name: 'Smile home',
      url: 'https://smile.example',
      intervalSeconds: 60,
      timeoutSeconds: 10,
      expectedStatus: '200-399',
      confirmations: 2,
      websiteId: up!.id,
    })
    .returning();
  const start = Date.parse(`${FIXTURE_DAY}T00:00:00Z`);
  const rows = Array.from({ length: 1440 }, (_, m) => {
    const down = m >= 600 && m < 630;
    return {
      checkId: check!.id,
      dueAt: new Date(start + m * 60_000),
      lagMs: 1,
      ok: !down,
      responseMs: down ? null : 250,
      statusCode: down ? 503 : 200,
    };
  });
  for (let i = 0; i < rows.length; i += 500) await t.db.insert(checkResults).values(rows.slice(i, i + 500));
  await t.db.insert(incidents).values({
    source: 'check',
    checkId: check!.id,
    websiteId: up!.id,
    title: 'smile.example is down',
    cause: 'HTTP 503',
    startedAt: new Date(`${FIXTURE_DAY}T10:00:00Z`),
    endedAt: new Date(`${FIXTURE_DAY}T10:30:00Z`),
  });
  await t.db.insert(tasks).values({
    title: 'Renew the certificate',
    status: 'completed',
    clientId,
    completedAt: new Date(`${FIXTURE_DAY}T15:00:00Z`),
  });
  return { clientId, websiteId: up!.id };
}

/** A 1×1 PNG, for a logo. */
export const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** The size of each image a PDF holds (pdfkit writes image dictionaries as plain text). */
export function pdfImages(pdf: Buffer): { width: number; height: number }[] {
  const dicts = pdf.toString('latin1').match(/<<[^>]*\/Subtype \/Image[^>]*>>/g) ?? [];
  const field = (dict: string, name: string) => Number(dict.match(new RegExp(`/${name} (\\d+)`))?.[1]);
  return dicts.map((d) => ({ width: field(d, 'Width'), height: field(d, 'Height') }));
}
