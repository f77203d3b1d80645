import { describe, expect, it } from 'vitest';
import type { CacheState } from '../provider-cache/service';
import { endOfLifeOn, FALLBACK, type LiveReads, referencesInForce } from './versions';

// Which references are in force: the operator's setting, else the last good live read, else the
// built-in table, each with where it comes from and when it was read.
const readAt = new Date('2026-11-25T06:17:00Z');
const state = <T>(items: T[], extra: Partial<CacheState<T>> = {}): CacheState<T> => ({
  items,
  syncedAt: items.length ? readAt : null,
  partial: false,
  error: null,
  errorAt: null,
  progress: null,
  ...extra,
});
const nothing: LiveReads = { wordpress: state([]), php: state([]) };
const read: LiveReads = {
  wordpress: state([{ latest: '7.0.2' }]),
  php: state([
    { branch: '8.5', endOfLife: '2029-12-31', latest: '8.5.4' },
    { branch: '8.2', endOfLife: '2026-12-31', latest: '8.2.31' },
    { branch: '8.1', endOfLife: true, latest: '8.1.34' },
    { branch: '9.0', endOfLife: false, latest: '9.0.0' },
  ]),
};
const none = { fleet: { phpEndOfLife: {} } };
const operator = { fleet: { wordpressLatest: '7.1', phpEndOfLife: { '8.2': '2026-06-30' } } };
const today = '2026-11-26';

describe('the references in force', () => {
  it('are the built-in table while nothing was ever read', () => {
    const refs = referencesInForce(none, nothing);
    expect(refs.wordpress).toMatchObject({
      latest: FALLBACK.wordpress.latest,
      source: 'built-in table',
      readAt: `${FALLBACK.wordpress.readOn}T00:00:00.000Z`,
      error: null,
    });
    expect(refs.php).toMatchObject({ source: 'built-in table', readAt: '2026-11-26T00:00:00.000Z' });
    expect(endOfLifeOn(refs, '8.1', today)).toEqual({
      endOfLife: '2025-12-31',
      pastEndOfLife: true,
      source: 'built-in table',
    });
    expect(endOfLifeOn(refs, '8.2', today)).toMatchObject({ endOfLife: '2026-12-31', pastEndOfLife: false });
  });

  it('are the last good live read over the table, branch by branch for PHP', () => {
    const refs = referencesInForce(none, read);
    expect(refs.wordpress).toMatchObject({
      latest: '7.0.2',
      source: 'wordpress.org',
      readAt: readAt.toISOString(),
      seenOnSite: false,
    });
    expect(refs.php).toMatchObject({ source: 'endoflife.date', readAt: readAt.toISOString() });
    expect(endOfLifeOn(refs, '8.1', today)).toEqual({
      endOfLife: null,
      pastEndOfLife: true,
      source: 'endoflife.date',
    });
    expect(endOfLifeOn(refs, '9.0', today)).toEqual({
      endOfLife: null,
      pastEndOfLife: false,
      source: 'endoflife.date',
    });
    expect(endOfLifeOn(refs, '7.4', today)).toMatchObject({ pastEndOfLife: true, source: 'built-in table' });
    expect(endOfLifeOn(refs, '4.4', today)).toEqual({ endOfLife: null, pastEndOfLife: false, source: null });
  });

  it('are the operator’s settings over both', () => {
    const refs = referencesInForce(operator, read);
    expect(refs.wordpress).toMatchObject({
      latest: '7.1',
      source: 'operator setting',
      readAt: null,
      url: null,
    });
    expect(refs.php).toMatchObject({ source: 'endoflife.date', operatorBranches: ['8.2'] });
    expect(endOfLifeOn(refs, '8.2', today)).toEqual({
      endOfLife: '2026-06-30',
      pastEndOfLife: true,
      source: 'operator setting',
    });
    expect(endOfLifeOn(refs, '8.5', today)).toMatchObject({ source: 'endoflife.date' });
  });

  it('keep the last good values when the last read failed, with the error beside them', () => {
    const failedAt = new Date('2026-11-26T06:17:00Z');
    const failing: LiveReads = {
      ...read,
      wordpress: state([{ latest: '7.0.2' }], {
        error: 'wordpress.org failed (HTTP 500)',
        errorAt: failedAt,
      }),
    };
    expect(referencesInForce(none, failing).wordpress).toMatchObject({
      latest: '7.0.2',
      source: 'wordpress.org',
      readAt: readAt.toISOString(),
      error: { message: 'wordpress.org failed (HTTP 500)', at: failedAt.toISOString() },
    });
    // Never read well: the table, and why the read failed.
    const never: LiveReads = { ...nothing, wordpress: state([], { error: 'boom', errorAt: failedAt }) };
    expect(referencesInForce(none, never).wordpress).toMatchObject({
      source: 'built-in table',
      error: { message: 'boom', at: failedAt.toISOString() },
    });
  });

  it('take a newer release already running on a site as the latest', () => {
    const refs = referencesInForce(none, read, ['7.0.1', '7.1-beta2', '7.0.3', 'nonsense']);
    expect(refs.wordpress).toMatchObject({ latest: '7.0.3', source: 'wordpress.org', seenOnSite: true });
  });
});
