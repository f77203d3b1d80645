import { describe, expect, it } from 'vitest';
import { backupKind, parseBackups, parseSites, parseSoftware, parseValidate, phpVersionOf } from './parse';

describe('Kinsta parsing', () => {
  it('reads /validate, with expires_at as epoch milliseconds in a string or null', () => {
    expect(
      parseValidate({ name: 'k', expires_at: '1767225600000', company: 'c-1', status: 'active' }),
    ).toEqual({
      companyId: 'c-1',
      name: 'k',
      expiresAt: new Date(1767225600000),
      status: 'active',
    });
    expect(parseValidate({ company: 'c-1', expires_at: null })?.expiresAt).toBeNull();
    expect(parseValidate({ name: 'no company' })).toBeNull();
    expect(parseValidate('<html>')).toBeNull();
  });

  it('reads both spellings of labels and the primary domain, and skips sites it cannot read', () => {
    const list = parseSites({
      company: {
        sites: [
          {
            id: 's-1',
            name: 'one',
            site_labels: [{ name: 'Client: A' }],
            environments: [{ id: 'e-1', name: 'live', primary_domain: { name: 'One.COM' }, domains: [] }],
          },
          { id: 's-2', name: 'two', siteLabels: [{ name: 'B' }, { nope: 1 }] },
          { name: 'no id' },
          'garbage',
        ],
      },
    });
    expect(list?.skipped).toBe(2);
    expect(list?.items.map((s) => [s.id, s.displayName, s.labels])).toEqual([
      ['s-1', 'one', ['Client: A']],
      ['s-2', 'two', ['B']],
    ]);
    expect(list?.items[0]?.environments[0]).toMatchObject({
      live: true,
      primaryDomain: 'one.com',
      phpVersion: null,
    });
    expect(parseSites({ sites: [] })).toBeNull();
  });

  it('reads PHP from the container’s engine name', () => {
    expect(phpVersionOf('php8.2')).toBe('8.2');
    expect(phpVersionOf('8.3')).toBe('8.3');
    expect(phpVersionOf('PHP7.4.33')).toBe('7.4');
    expect(phpVersionOf('hhvm')).toBeNull();
    expect(phpVersionOf(null)).toBeNull();
  });

  it('sees an update only when one is available at another version', () => {
    const body = (data: unknown[]) => ({ environment: { container_info: { wp_plugins: { data } } } });
    const list = parseSoftware(
      body([
        { name: 'a', version: '1.0', update: 'available', update_version: '1.1' },
        { name: 'b', version: '1.0', update: 'none', update_version: null },
        { name: 'c', version: '1.0', update: 'available', update_version: '1.0' },
      ]),
      'plugins',
    );
    expect(list?.items.map((p) => [p.slug, p.updateVersion])).toEqual([
      ['a', '1.1'],
      ['b', null],
      ['c', null],
    ]);
    expect(parseSoftware(body([]), 'themes')).toBeNull();
  });

  it('skips a backup without a readable time and tells the kinds apart', () => {
    const list = parseBackups(
      {
        environment: {
          backups: [
            { id: 1, type: 'daily', created_at: 1717200000000 },
            { id: 2, type: 'manual', created_at: 'yesterday' },
          ],
        },
      },
      'listed',
    );
    expect(list?.items.map((b) => b.id)).toEqual(['1']);
    expect(list?.skipped).toBe(1);
    expect(['daily', 'hourly', 'manual', 'system_generated', null].map(backupKind)).toEqual([
      'automatic',
      'automatic',
      'manual',
      'system',
      'automatic',
    ]);
  });
});
