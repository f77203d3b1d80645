import { describe, expect, it } from 'vitest';
import { parseLatestRelease, parsePluginInfo, parseStableCheck, parseUpdateCheck } from './parse';

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

describe('the plugin directory', () => {
  it('reads the latest versions from both groups of an update check, and `[]` as nothing', () => {
    const answer = {
      plugins: {
        'akismet/akismet.php': { slug: 'akismet', new_version: '5.3.5', plugin: 'akismet/akismet.php' },
      },
      translations: [],
      no_update: { 'hello-dolly/hello.php': { slug: 'hello-dolly', new_version: 1.7 }, odd: 'skipped' },
    };
    expect([...parseUpdateCheck(answer)!]).toEqual([
      ['akismet', '5.3.5'],
      ['hello-dolly', '1.7'],
    ]);
    expect(parseUpdateCheck({ plugins: [], translations: [], no_update: [] })).toEqual(new Map());
    expect(parseUpdateCheck({ plugins: 'x' })).toBeNull();
    expect(parseUpdateCheck(null)).toBeNull();
  });

  it('tells closed from never listed from listed', () => {
    expect(
      parsePluginInfo({
        error: 'closed',
        closed: true,
        closed_date: '2018-10-02',
        reason: 'guideline-violation',
        reason_text: 'Guideline Violation',
      }),
    ).toEqual({ status: 'closed', closedOn: '2018-10-02', reason: 'Guideline Violation' });
    expect(parsePluginInfo({ error: 'closed', closed_date: false, reason: 'unused' })).toEqual({
      status: 'closed',
      closedOn: null,
      reason: 'unused',
    });
    expect(parsePluginInfo({ error: 'not_found' })).toEqual({ status: 'not_listed' });
    expect(parsePluginInfo({ slug: 'akismet', name: 'Akismet', version: '5.3.5' })).toEqual({
      status: 'listed',
      version: '5.3.5',
    });
    expect(parsePluginInfo({ error: 'something_else' })).toBeNull();
    expect(parsePluginInfo('<html>')).toBeNull();
  });

  it("reads core's verdicts, skipping what is not a release or a known verdict", () => {
    const verdicts = parseStableCheck({
      '6.9.1': 'latest',
      '6.9': 'insecure',
      '6.8.3': 'outdated',
      x: 'latest',
      '6.1': 'odd',
    });
    expect([...verdicts!]).toEqual([
      ['6.9.1', 'latest'],
      ['6.9', 'insecure'],
      ['6.8.3', 'outdated'],
    ]);
    expect(parseStableCheck({})).toBeNull();
    expect(parseStableCheck(['6.9'])).toBeNull();
  });
});
