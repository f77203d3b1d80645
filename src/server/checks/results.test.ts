import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { checkResults, checks } from '../db/schema';
import { availability, uptimePercent } from './results';
import { rollUp } from './rollup';

// Measured, never inferred: a day of one-minute results with 30 minutes down is 97.92 %, whether the
// figures come from raw results, from hourly roll-ups, or from both.
let t: TestApp;
let checkId: number;
const day = new Date('2026-11-20T00:00:00Z');
beforeAll(async () => {
  t = await createTestApp();
  const [c] = await t.db
    .insert(checks)
    .values({
      name: 'x',
      url: 'https://x.example',
      intervalSeconds: 60,
      timeoutSeconds: 10,
      expectedStatus: '200-399',
      confirmations: 2,
    })
    .returning();
  checkId = c!.id;
  const rows = Array.from({ length: 1440 }, (_, m) => {
    const down = m >= 600 && m < 630; // 10:00–10:30
    return {
      checkId,
      dueAt: new Date(day.getTime() + m * 60_000),
      lagMs: 5,
      ok: !down,
      responseMs: down ? null : 200 + (m % 3),
      statusCode: down ? 503 : 200,
    };
  });
  for (let i = 0; i < rows.length; i += 500) await t.db.insert(checkResults).values(rows.slice(i, i + 500));
});
afterAll(() => t.close());

const theDay = () => availability({ db: t.db }, [checkId], day, new Date(day.getTime() + 86_400_000));

describe('availability from stored results', () => {
  it('is 97.92 % for 30 of 1,440 minutes down, from raw results', async () => {
    const a = (await theDay()).get(checkId)!;
    expect(a).toMatchObject({ samples: 1440, failures: 30, responses: 1410 });
    expect(uptimePercent(a)!.toFixed(2)).toBe('97.92');
    expect(Math.round(a.responseMsSum / a.responses)).toBe(201);
  });

  it('gives the same figures from hourly roll-ups and raw parts, and rolling up twice changes nothing', async () => {
    t.clock.advance(new Date('2026-11-21T00:30:00Z').getTime() - t.clock.now().getTime());
    await rollUp(t.services);
    await rollUp(t.services);
    expect((await theDay()).get(checkId)).toMatchObject({ samples: 1440, failures: 30 });
    // A period cut mid-hour: whole hours from roll-ups, the edges from raw results.
    const part = (
      await availability(
        { db: t.db },
        [checkId],
        new Date('2026-11-20T09:45:00Z'),
        new Date('2026-11-20T12:15:00Z'),
      )
    ).get(checkId)!;
    expect(part).toMatchObject({ samples: 150, failures: 30 });
  });

  it('has no figure at all for a period without results (never 0 % or 100 %)', async () => {
    const none = await availability(
      { db: t.db },
      [checkId],
      new Date('2026-10-01T00:00:00Z'),
      new Date('2026-10-02T00:00:00Z'),
    );
    expect(none.get(checkId)).toBeUndefined();
    expect(uptimePercent(none.get(checkId))).toBeNull();
  });
});
