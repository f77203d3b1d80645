import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWordfence } from '../../../test/fakes/wordfence';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { integrations, vulnerabilities, vulnerabilitySoftware } from '../db/schema';
import { WORDFENCE_IMPORT_JOB } from '../providers/wordfence/keys';
import { importFeed, importJob, readFeedState } from './import';

// The vulnerability feed arrives whole or not at all: a read that fails (rate limit, server error, a
// body cut off) keeps the last good feed in force and says why; only a complete read replaces it.
let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeWordfence>>;
let cookie: string;
const count = async () => (await t.db.select().from(vulnerabilities)).length;

beforeAll(async () => {
  fake = await startFakeWordfence({ records: 40 });
  t = await createTestApp({ config: { wordfenceApiUrl: fake.url } });
  cookie = await t.signIn();
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('the Wordfence Intelligence feed', () => {
  it('reads nothing before the key is saved', async () => {
    expect(await importFeed(t.services, true)).toEqual({ imported: false });
    expect(fake.requests).toHaveLength(0);
  });

  it('starts the first import as soon as the key is saved, and keeps every record with its software', async () => {
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/wordfence',
      headers: { cookie },
      payload: { apiKey: fake.apiKey },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toMatch(/first read of its vulnerability feed has started/);
    expect(saved.body).not.toContain(fake.apiKey);
    await t.services.jobs.idle();
    const state = await readFeedState(t.services);
    expect(state).toMatchObject({ generation: 1, records: fake.total, error: null });
    expect(state.readAt).not.toBeNull();
    expect(await count()).toBe(fake.total);
    const software = await t.db.select().from(vulnerabilitySoftware);
    expect(new Set(software.map((s) => s.type))).toEqual(new Set(['plugin', 'theme', 'core']));
    // A record without a score keeps none: its severity is unknown, never "Low".
    const unscored = await t.db.select().from(vulnerabilities).where(eq(vulnerabilities.cvssScore, -1));
    expect(unscored).toEqual([]);
    expect((await t.db.select().from(vulnerabilities)).some((v) => v.cvssRating === null)).toBe(true);
  });

  it('does not read a fresh feed again unless asked', async () => {
    const before = fake.requests.length;
    expect(await importFeed(t.services)).toEqual({ imported: false });
    expect(fake.requests.length).toBe(before);
  });

  it.each([
    ['server_error', /Wordfence/],
    ['truncated', /ended before it was complete/],
  ] as const)('a read that fails (%s) keeps the last good feed and records why', async (mode, message) => {
    fake.setFailure(mode);
    await expect(importFeed(t.services, true)).rejects.toThrow(message);
    fake.setFailure(null);
    const state = await readFeedState(t.services);
    expect(state.generation).toBe(1);
    expect(state.error).toMatch(message);
    // Nothing of the failed read is left: only the generation in force.
    const generations = new Set((await t.db.select().from(vulnerabilities)).map((v) => v.generation));
    expect(generations).toEqual(new Set([1]));
    expect(await count()).toBe(fake.total);
  });

  it('waits as long as the feed asks after a 429, then reads again', async () => {
    fake.setFailure('rate_limited');
    await expect(importFeed(t.services, true)).rejects.toThrow(/wait/);
    fake.setFailure(null);
    const state = await readFeedState(t.services);
    expect(state.retryAfter!.getTime()).toBeGreaterThan(t.clock.now().getTime());
    const before = fake.requests.length;
    expect(await importFeed(t.services, true)).toEqual({ imported: false });
    expect(fake.requests.length).toBe(before);
    // Once the wait is over the next read replaces the feed with a new generation.
    t.clock.advance(state.retryAfter!.getTime() - t.clock.now().getTime() + 1000);
    expect(await importFeed(t.services, true)).toEqual({ imported: true, records: fake.total });
    expect(await readFeedState(t.services)).toMatchObject({ generation: 2, error: null, retryAfter: null });
    const generations = new Set((await t.db.select().from(vulnerabilities)).map((v) => v.generation));
    expect(generations).toEqual(new Set([2]));
  });

  it('a refused key is recorded on the integration and not retried', async () => {
    fake.setFailure('unauthorized');
    expect(await importFeed(t.services, true)).toEqual({ imported: false });
    fake.setFailure(null);
    expect((await readFeedState(t.services)).error).toMatch(/API key/);
    const [row] = await t.db.select().from(integrations).where(eq(integrations.provider, 'wordfence'));
    expect(row?.lastError).toMatch(/API key/);
    expect(await count()).toBe(fake.total);
  });

  it('is a daily job, one at a time, retried with backoff', () => {
    const spec = importJob(t.services);
    expect(spec).toMatchObject({ name: WORDFENCE_IMPORT_JOB.name, policy: 'stately', retryLimit: 5 });
    expect(spec.cron).toMatch(/^\d+ \d+ \* \* \*$/);
  });
});
