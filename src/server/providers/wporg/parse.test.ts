import { describe, expect, it } from 'vitest';
import { parseLatestRelease } from './parse';

describe('the version check', () => {
  it('reads the latest release from the first offer, whatever else the answer holds', () => {
    const answer = {
      offers: [
        { response: 'upgrade', current: '6.9.1', version: '6.9.1', php_version: '7.2.24', locale: 'en_US' },
        { response: 'autoupdate', current: '6.9.1' },
      ],
      translations: [],
    };
    expect(parseLatestRelease(answer)).toBe('6.9.1');
    expect(parseLatestRelease({ offers: [{ current: '7.0' }] })).toBe('7.0');
  });

  it('reads nothing from a malformed answer', () => {
    for (const body of [
      null,
      'oops',
      [],
      {},
      { offers: [] },
      { offers: {} },
      { offers: [{ version: '6.9.1' }] },
      { offers: [{ current: 691 }] },
      { offers: [{ current: '6.9-RC1' }] },
      { offers: [{ current: '<script>' }] },
      { offers: [{ current: '' }] },
    ]) {
      expect(parseLatestRelease(body), JSON.stringify(body)).toBeNull();
    }
  });
});
