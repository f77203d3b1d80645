import { describe, expect, it } from 'vitest';
import { PHP_CYCLES } from '../../../../test/fakes/endoflife';
import { parsePhpBranches } from './parse';

describe('the PHP end-of-life list', () => {
  it('reads every branch with its end of life, newest first', () => {
    const parsed = parsePhpBranches(PHP_CYCLES);
    expect(parsed?.skipped).toBe(0);
    expect(parsed?.branches.slice(0, 5)).toEqual([
      { branch: '8.5', endOfLife: '2029-12-31', latest: '8.5.4' },
      { branch: '8.4', endOfLife: '2028-12-31', latest: '8.4.17' },
      { branch: '8.3', endOfLife: '2027-12-31', latest: '8.3.30' },
      { branch: '8.2', endOfLife: '2026-12-31', latest: '8.2.31' },
      { branch: '8.1', endOfLife: '2025-12-31', latest: '8.1.34' },
    ]);
    expect(parsed?.branches.at(-1)).toEqual({ branch: '5.6', endOfLife: '2018-12-31', latest: '5.6.40' });
  });

  it('keeps an end of life given as a boolean: true has ended, false is still supported', () => {
    const parsed = parsePhpBranches([
      { cycle: '9.0', eol: false, latest: '9.0.0' },
      { cycle: '4.4', eol: true },
      { cycle: '8.10', eol: '2031-12-31', latest: null },
    ]);
    expect(parsed).toEqual({
      branches: [
        { branch: '9.0', endOfLife: false, latest: '9.0.0' },
        { branch: '8.10', endOfLife: '2031-12-31', latest: null },
        { branch: '4.4', endOfLife: true, latest: null },
      ],
      skipped: 0,
    });
  });

  it('skips entries it cannot read and refuses an answer with none it can', () => {
    const parsed = parsePhpBranches([
      { cycle: '8.3', eol: '2027-12-31' },
      { cycle: 'eight', eol: '2027-12-31' },
      { cycle: '8.2', eol: '2026-02-30' },
      { cycle: '8.1', eol: 'soon' },
      { cycle: '8.0' },
      'nonsense',
      { cycle: '8.3', eol: '2000-01-01' },
    ]);
    expect(parsed).toEqual({
      branches: [{ branch: '8.3', endOfLife: '2027-12-31', latest: null }],
      skipped: 5,
    });
    for (const body of [null, {}, { php: PHP_CYCLES }, [], [{ release: '8.3' }], 'x']) {
      expect(parsePhpBranches(body), JSON.stringify(body)).toBeNull();
    }
  });
});
