import { describe, expect, it } from 'vitest';
import { createUpdateRunBody, isTargetVersion, shownValue, TARGET_VERSION_MAX_LENGTH } from './updates';

// The one grammar of a version an update may go to: whoever names it (a person, a site's plugin list,
// a host, wordpress.org), nothing else reaches a plan or a command to a host.
describe('the version grammar', () => {
  it('takes releases as WordPress, plugins and themes number them', () => {
    for (const v of [
      '6.4',
      '6.4.1',
      '8.9.4',
      '1.0.0-beta.2',
      '2.3.1-RC1',
      '9.4.2.1',
      '1.9.2.2',
      '23.9',
      '3.1beta2',
      '3.1-beta2',
      '1.0+build',
      '1.0.0-rc.1+build.5',
      '0.71-gold',
      '7',
      '1'.repeat(TARGET_VERSION_MAX_LENGTH),
    ])
      expect(isTargetVersion(v), v).toBe(true);
  });

  it('refuses anything that could change a command, or is not a version', () => {
    for (const v of [
      '9.3.4 --exec=phpinfo()',
      '1;rm',
      '',
      '$(x)',
      '`id`',
      '6.4--force',
      '--force',
      '-1.0',
      '.1',
      '1.0.0-',
      '1..2',
      'latest',
      'v1.2',
      '1.0 ',
      ' 1.0',
      '1.0\n',
      '1.0\u00a0',
      '1,0',
      '1.0/../x',
      '1.0_beta',
      '1'.repeat(TARGET_VERSION_MAX_LENGTH + 1),
      `1.0.0-${'a'.repeat(1000)}`,
      `${'1.'.repeat(10_000)}1`,
    ])
      expect(isTargetVersion(v), JSON.stringify(v)).toBe(false);
    for (const v of [null, undefined, 6.4, ['6.4'], { v: '6.4' }]) expect(isTargetVersion(v)).toBe(false);
  });

  it('answers at once, however long the string', () => {
    const began = performance.now();
    for (let i = 0; i < 1000; i++) isTargetVersion(`${'1'.repeat(100_000)}!`);
    expect(performance.now() - began).toBeLessThan(1000);
  });

  it('is what a request naming a version is checked with', () => {
    const body = (targetVersion: string) =>
      createUpdateRunBody.safeParse({ items: [{ type: 'plugin', slug: 'forms', targetVersion }] }).success;
    expect(body('1.0.0-beta.2')).toBe(true);
    expect(body('6.4--force')).toBe(false);
    expect(body('9.3.4 --exec=phpinfo()')).toBe(false);
  });

  it('quotes a refused value safely: printable characters only, cut short', () => {
    expect(shownValue('9.3.4 --exec=phpinfo()')).toBe('9.3.4 --exec=phpinfo()');
    expect(shownValue('1.0\n\u001b[31m')).toBe('1.0??[31m');
    expect(shownValue('x'.repeat(100))).toBe(`${'x'.repeat(40)}…`);
  });
});
