import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeEndOfLife, startFakeEndOfLife } from '../../../test/fakes/endoflife';
import { type FakeWporg, startFakeWporg } from '../../../test/fakes/wporg';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { rowsOf } from '../core/sql';
import { readCache, readCacheMap } from '../provider-cache/service';
import { PHP_EOL_JOB, phpBranches } from '../providers/php-eol/keys';
import {
  type CoreLatest,
  type CoreRelease,
  WPORG_CORE_JOB,
  WPORG_RELEASES_JOB,
  wporgCore,
  wporgReleases,
} from '../providers/wporg/keys';
import { readReferenceFeed, readReferencesSoon, referenceJobs } from './references';

// The fleet's reference versions are read from wordpress.org and endoflife.date (local fakes here) by
// daily jobs that store what they read with its time, and keep the last good values when a read fails.
let wporg: FakeWporg;
let eol: FakeEndOfLife;
let t: TestApp;

const HOUR = 3_600_000;
const latest = () => readCache<CoreLatest>(t.services, wporgCore);
const wpRequests = () => wporg.requests.filter((r) => r.path === '/core/version-check/1.7/').length;

beforeAll(async () => {
  wporg = await startFakeWporg();
  eol = await startFakeEndOfLife();
});
afterAll(async () => {
  await Promise.all([wporg.close(), eol.close()]);
});
beforeEach(async () => {
  await t?.close();
  t = await createTestApp({ config: { wporgApiUrl: wporg.url, phpEolUrl: eol.phpUrl } });
  wporg.setCoreLatest('6.9.1');
  wporg.setFailure('versionCheck', null);
  eol.setFailure('php', null);
});
afterAll(() => t?.close());

describe('the reference jobs', () => {
  it('are daily, one at a time, retried with backoff when a read fails', () => {
    const specs = referenceJobs(t.services);
    expect(specs.map((s) => s.name)).toEqual([
      WPORG_CORE_JOB.name,
      WPORG_RELEASES_JOB.name,
      PHP_EOL_JOB.name,
    ]);
    for (const spec of specs) {
      expect(spec).toMatchObject({ policy: 'stately', retryLimit: 5, retryDelaySeconds: 300 });
      expect(spec.cron).toMatch(/^\d+ \d+ \* \* \*$/);
    }
  });

  it('read both feeds and store them with when they were read', async () => {
    const at = t.clock.now();
    expect(await t.services.jobs.run(WPORG_CORE_JOB)).toEqual({ read: true });
    expect(await t.services.jobs.run(PHP_EOL_JOB)).toEqual({ read: true });
    expect(await latest()).toMatchObject({ items: [{ latest: '6.9.1' }], syncedAt: at, error: null });
    const php = await readCache<{ branch: string; endOfLife: string | boolean }>(t.services, phpBranches);
    expect(php.syncedAt).toEqual(at);
    expect(php.items).toHaveLength(12);
    expect(php.items).toContainEqual({ branch: '8.2', endOfLife: '2026-12-31', latest: '8.2.31' });
  });

  it("read core's verdict on every release", async () => {
    expect(await t.services.jobs.run(WPORG_RELEASES_JOB)).toEqual({ read: true });
    const verdicts = await readCacheMap<CoreRelease>(t.services, wporgReleases);
    expect(verdicts.get('6.9.1')).toEqual({ verdict: 'latest' });
    expect(verdicts.get('6.8.5')).toEqual({ verdict: 'outdated' });
    expect(verdicts.get('6.5.3')).toEqual({ verdict: 'insecure' });
    expect(wporg.requests.at(-1)).toMatchObject({ path: '/core/stable-check/1.0/' });
  });

  it('read a feed no more than once a day', async () => {
    await readReferenceFeed(t.services, 'wordpress');
    const asked = wpRequests();
    wporg.setCoreLatest('7.0');
    t.clock.advance(19 * HOUR);
    expect(await readReferenceFeed(t.services, 'wordpress')).toEqual({ read: false });
    expect(wpRequests()).toBe(asked);
    expect((await latest()).items).toEqual([{ latest: '6.9.1' }]);
    t.clock.advance(2 * HOUR);
    expect(await readReferenceFeed(t.services, 'wordpress')).toEqual({ read: true });
    expect(wpRequests()).toBe(asked + 1);
    expect(await latest()).toMatchObject({ items: [{ latest: '7.0' }], syncedAt: t.clock.now() });
  });

  it.each([
    ['server_error', 'wordpress.org failed (HTTP 500)'],
    ['truncated', 'wordpress.org sent a cut-off or garbled answer instead of its JSON'],
    ['rate_limited', 'wordpress.org is limiting requests (HTTP 429): it asks us to wait 60 s'],
  ] as const)(
    'keep the last good values when a read fails (%s) and record the error',
    async (mode, message) => {
      const goodAt = t.clock.now();
      await readReferenceFeed(t.services, 'wordpress');
      t.clock.advance(25 * HOUR);
      wporg.setCoreLatest('7.0');
      wporg.setFailure('versionCheck', mode);
      await expect(readReferenceFeed(t.services, 'wordpress')).rejects.toThrow(message);
      expect(await latest()).toMatchObject({
        items: [{ latest: '6.9.1' }],
        syncedAt: goodAt,
        error: message,
        errorAt: t.clock.now(),
      });
      // The next good read replaces the values and clears the error.
      wporg.setFailure('versionCheck', null);
      await readReferenceFeed(t.services, 'wordpress');
      expect(await latest()).toMatchObject({ items: [{ latest: '7.0' }], error: null });
    },
  );

  it('keep the last good PHP list when the feed answers something malformed', async () => {
    await readReferenceFeed(t.services, 'php');
    t.clock.advance(25 * HOUR);
    const good = eol.state.php;
    eol.setPhp([{ cycle: 'eight', eol: 'never' } as never]);
    try {
      await expect(readReferenceFeed(t.services, 'php')).rejects.toThrow(
        'endoflife.date sent a list without any PHP branch we could read',
      );
    } finally {
      eol.setPhp(good);
    }
    const php = await readCache(t.services, phpBranches);
    expect(php.items).toHaveLength(12);
    expect(php.error).toMatch(/^endoflife\.date sent a list/);
  });

  it('fail on the job engine so that it retries, and read only the feed that failed', async () => {
    await t.services.jobs.run(PHP_EOL_JOB);
    const phpAsked = eol.requests.length;
    wporg.setFailure('versionCheck', 'server_error');
    await expect(t.services.jobs.run(WPORG_CORE_JOB)).rejects.toThrow('wordpress.org failed (HTTP 500)');
    // Waiting for its retry, minutes from now (backoff), not at once.
    const [job] = rowsOf<{ state: string; retry_limit: number; wait: number }>(
      await t.database.query(
        `select state, retry_limit, extract(epoch from start_after - now())::int as wait
        from pgboss.job where name = $1 order by created_on desc limit 1`,
        [WPORG_CORE_JOB.name],
      ),
    );
    expect(job).toMatchObject({ state: 'retry', retry_limit: 5 });
    expect(job!.wait).toBeGreaterThan(120);
    // The PHP list, read well, is not asked again by anything that runs today.
    expect(await t.services.jobs.run(PHP_EOL_JOB)).toEqual({ read: false });
    expect(eol.requests.length).toBe(phpAsked);
  });

  it('are queued soon after start when never read, and not again once read', async () => {
    expect(await readReferencesSoon(t.services, 0)).toEqual(['wordpress', 'releases', 'php']);
    await t.services.jobs.idle();
    expect((await latest()).items).toEqual([{ latest: '6.9.1' }]);
    expect((await readCache(t.services, phpBranches)).items.length).toBe(12);
    expect(await readReferencesSoon(t.services, 0)).toEqual([]);
    // A server that was down over its daily slot reads again at start.
    t.clock.advance(30 * HOUR);
    expect(await readReferencesSoon(t.services, 60_000)).toEqual(['wordpress', 'releases', 'php']);
  });
});
