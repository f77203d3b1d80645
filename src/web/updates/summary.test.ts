import type { UpdateRunCounts } from '@shared/updates';
import { describe, expect, it } from 'vitest';
import { itemName, runSummary, siteUnderWay, timeline } from './summary';

const counts = (c: Partial<UpdateRunCounts>): UpdateRunCounts => ({
  sites: 0,
  pending: 0,
  running: 0,
  done: 0,
  rolledBack: 0,
  failed: 0,
  skipped: 0,
  ...c,
});

describe('runSummary', () => {
  it('says what became of the sites once the run is over, leaving out outcomes with none', () => {
    expect(runSummary('done', counts({ sites: 5, done: 3, rolledBack: 1, skipped: 1 }))).toBe(
      '3 of 5 sites updated · 1 rolled back · 1 skipped',
    );
    expect(runSummary('failed', counts({ sites: 2, failed: 2 }))).toBe('0 of 2 sites updated · 2 failed');
    expect(runSummary('done', counts({ sites: 1, done: 1 }))).toBe('1 of 1 site updated');
    expect(runSummary('cancelled', counts({ sites: 4, done: 1, skipped: 3 }))).toBe(
      '1 of 4 sites updated · 3 skipped',
    );
  });

  it('leads with the sites under way and waiting while the run runs', () => {
    expect(runSummary('running', counts({ sites: 5, running: 2, pending: 3 }))).toBe(
      'Running: 2 under way · 3 waiting · 0 of 5 sites updated',
    );
    expect(runSummary('running', counts({ sites: 5, running: 1, done: 3, failed: 1 }))).toBe(
      'Running: 1 under way · 3 of 5 sites updated · 1 failed',
    );
  });

  it('counts the sites waiting before a scheduled run starts', () => {
    expect(runSummary('scheduled', counts({ sites: 5, pending: 5 }))).toBe('5 sites waiting to start');
    expect(runSummary('scheduled', counts({ sites: 1, pending: 1 }))).toBe('1 site waiting to start');
  });

  it('writes large counts with separators', () => {
    expect(runSummary('done', counts({ sites: 2000, done: 1500, skipped: 500 }))).toBe(
      '1,500 of 2,000 sites updated · 500 skipped',
    );
  });

  it('says so when a run has no sites', () => {
    expect(runSummary('done', counts({}))).toBe('No sites');
  });
});

describe('siteUnderWay', () => {
  it('is true for the steps that run, not for waiting or finished sites', () => {
    expect(siteUnderWay('backing-up')).toBe(true);
    expect(siteUnderWay('rolling-back')).toBe(true);
    expect(siteUnderWay('pending')).toBe(false);
    expect(siteUnderWay('done')).toBe(false);
    expect(siteUnderWay('skipped')).toBe(false);
  });
});

describe('itemName', () => {
  it('names core WordPress and the rest by their slug', () => {
    expect(itemName({ type: 'core', slug: null })).toBe('WordPress');
    expect(itemName({ type: 'plugin', slug: 'contact-form-7' })).toBe('contact-form-7');
  });
});

describe('timeline', () => {
  const at = '2026-11-29T06:27:00.000Z';
  it('shows a write started and then done as one entry with both details, and one under way as started', () => {
    expect(
      timeline([
        { step: 'maintenance', at, result: 'ok', detail: '25 minutes' },
        { step: 'update', at, result: 'started', detail: 'forms 1.0 → 1.2' },
        { step: 'update', at: '2026-11-29T06:28:00.000Z', result: 'ok', detail: 'GridPane ran the commands' },
        { step: 'rollback', at, result: 'started', detail: 'forms → 1.0' },
      ]),
    ).toEqual([
      { step: 'maintenance', at, result: 'ok', detail: '25 minutes' },
      {
        step: 'update',
        at: '2026-11-29T06:28:00.000Z',
        result: 'ok',
        detail: 'forms 1.0 → 1.2 · GridPane ran the commands',
      },
      { step: 'rollback', at, result: 'started', detail: 'forms → 1.0' },
    ]);
  });
});
