import { describe, expect, it } from 'vitest';
import { feedDate, LIMITS, normaliseRecord, recordPage, text } from './parse';

// One feed record as the production feed sends it; each test changes what it is about.
const ID = '0a4c5b29-6f1e-4c39-9b61-1d2a7e8f3c01';
const DEFIANT = {
  notice: 'Copyright 2012-2026 Defiant Inc.',
  license: 'Defiant hereby grants you a perpetual … license',
  license_url: 'https://www.wordfence.com/wordfence-intelligence-terms-and-conditions/',
};
const MITRE = {
  notice: 'Copyright 1999-2026 The MITRE Corporation',
  license: 'CVE Usage: MITRE hereby grants you …',
  license_url: 'https://www.cve.org/Legal/TermsOfUse',
};
const range = (from: string, fromInclusive: boolean, to: string, toInclusive: boolean) => ({
  from_version: from,
  from_inclusive: fromInclusive,
  to_version: to,
  to_inclusive: toInclusive,
});
const plugin = (extra: Record<string, unknown> = {}) => ({
  type: 'plugin',
  name: 'Example',
  slug: 'example',
  affected_versions: { '1.0.0 - 1.2.3': range('1.0.0', true, '1.2.3', true) },
  patched: true,
  patched_versions: ['1.2.4'],
  remediation: 'Update to version 1.2.4, or a newer patched version',
  ...extra,
});
const record = (extra: Record<string, unknown> = {}) => ({
  id: ID,
  title: 'Example <= 1.2.3 - Cross-Site Scripting',
  informational: false,
  software: [plugin()],
  description: 'The Example plugin for WordPress is vulnerable to Stored Cross-Site Scripting.',
  references: [
    'https://plugins.trac.wordpress.org/changeset/1234/example',
    `https://www.wordfence.com/threat-intel/vulnerabilities/id/${ID}?source=api-prod`,
  ],
  cwe: { id: 79, name: 'Cross-site Scripting', description: '…' },
  cvss: { vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N', score: 6.1, rating: 'Medium' },
  cve: 'CVE-2026-12345',
  cve_link: 'https://www.cve.org/CVERecord?id=CVE-2026-12345',
  researchers: ['Jane Researcher'],
  published: '2026-05-01 00:00:00',
  updated: '2026-05-02 10:00:00',
  copyrights: {
    message: 'This record contains material that is subject to copyright',
    defiant: DEFIANT,
    mitre: MITRE,
  },
  ...extra,
});

describe('a production record', () => {
  it('becomes a typed vulnerability', () => {
    expect(normaliseRecord(ID, record())).toEqual({
      id: ID,
      title: 'Example <= 1.2.3 - Cross-Site Scripting',
      informational: false,
      cvss: { score: 6.1, rating: 'Medium', vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N' },
      cve: 'CVE-2026-12345',
      cveLink: 'https://www.cve.org/CVERecord?id=CVE-2026-12345',
      published: '2026-05-01T00:00:00.000Z',
      updated: '2026-05-02T10:00:00.000Z',
      reference: `https://www.wordfence.com/threat-intel/vulnerabilities/id/${ID}?source=api-prod`,
      copyrights: {
        message: 'This record contains material that is subject to copyright',
        notices: [
          {
            name: 'defiant',
            notice: DEFIANT.notice,
            license: DEFIANT.license,
            licenseUrl: DEFIANT.license_url,
          },
          { name: 'mitre', notice: MITRE.notice, license: MITRE.license, licenseUrl: MITRE.license_url },
        ],
      },
      software: [
        {
          type: 'plugin',
          slug: 'example',
          name: 'Example',
          patched: true,
          patchedVersions: ['1.2.4'],
          remediation: 'Update to version 1.2.4, or a newer patched version',
          ranges: [{ fromVersion: '1.0.0', fromInclusive: true, toVersion: '1.2.3', toInclusive: true }],
        },
      ],
    });
  });

  it('reads "*" as an open bound, and keeps exclusive bounds', () => {
    const software = plugin({
      affected_versions: {
        '* - 1.2.3': range('*', true, '1.2.3', true),
        '2.0.0 - 2.1.0': range('2.0.0', false, '2.1.0', false),
        '3.0 - *': range('3.0', true, '*', true),
        '* - *': range('*', true, '*', true),
      },
    });
    expect(normaliseRecord(ID, record({ software: [software] }))?.software[0]?.ranges).toEqual([
      { fromVersion: null, fromInclusive: true, toVersion: '1.2.3', toInclusive: true },
      { fromVersion: '2.0.0', fromInclusive: false, toVersion: '2.1.0', toInclusive: false },
      { fromVersion: '3.0', fromInclusive: true, toVersion: null, toInclusive: true },
      { fromVersion: null, fromInclusive: true, toVersion: null, toInclusive: true },
    ]);
  });

  it('keeps every readable range of an entry and drops the unreadable ones', () => {
    const software = plugin({
      affected_versions: {
        a: range('1.0', true, '1.4.2', true),
        b: range('2.0', true, '2.3', false),
        c: { from_version: 2, to_version: '3.0' },
        d: { from_version: '4.0' },
        e: 'oops',
        f: range('5.0', true, 'not a version!', true),
        // A missing flag counts as inclusive: a site exactly at the bound is reported, not missed.
        g: { from_version: '6.0', to_version: '6.1' },
      },
    });
    expect(normaliseRecord(ID, record({ software: [software] }))?.software[0]?.ranges).toEqual([
      { fromVersion: '1.0', fromInclusive: true, toVersion: '1.4.2', toInclusive: true },
      { fromVersion: '2.0', fromInclusive: true, toVersion: '2.3', toInclusive: false },
      { fromVersion: '6.0', fromInclusive: true, toVersion: '6.1', toInclusive: true },
    ]);
  });

  it('reads theme and core entries, several in one record', () => {
    const v = normaliseRecord(
      ID,
      record({
        software: [
          plugin({ type: 'theme', slug: 'Astra', name: 'Astra' }),
          plugin({ type: 'core', slug: 'wordpress', name: 'WordPress' }),
          // Core's slug is not verified: without one, core is still core.
          plugin({ type: 'core', slug: undefined, name: undefined }),
          plugin({ type: 'mu-plugin', slug: 'other' }),
        ],
      }),
    );
    expect(v?.software.map((s) => [s.type, s.slug, s.name])).toEqual([
      ['theme', 'astra', 'Astra'],
      ['core', 'wordpress', 'WordPress'],
      ['core', 'wordpress', 'wordpress'],
    ]);
  });

  it('says "no score" as null, not as low, and keeps an unpatched entry', () => {
    const v = normaliseRecord(
      ID,
      record({
        cvss: null,
        cve: null,
        cve_link: null,
        published: null,
        software: [plugin({ patched: false, patched_versions: [], remediation: null })],
      }),
    );
    expect(v).toMatchObject({
      cvss: { score: null, rating: null, vector: null },
      cve: null,
      cveLink: null,
      published: null,
      software: [{ patched: false, patchedVersions: [], remediation: null }],
    });
  });

  it('reads an empty copyrights object as no notice, and the record page as the reference', () => {
    const v = normaliseRecord(ID, record({ copyrights: {}, references: ['https://example.com/advisory'] }));
    expect(v?.copyrights).toEqual({ message: null, notices: [] });
    expect(v?.reference).toBe(recordPage(ID));
    expect(recordPage(ID)).toBe(`https://www.wordfence.com/threat-intel/vulnerabilities/id/${ID}`);
  });

  it('reads a scanner record, which has no severity, CVE, description or remediation', () => {
    const {
      description: _d,
      cwe: _w,
      cvss: _c,
      cve: _e,
      cve_link: _l,
      researchers: _r,
      updated: _u,
      ...slim
    } = record();
    const { remediation: _m, ...software } = plugin();
    const v = normaliseRecord(ID, { ...slim, software: [software] });
    expect(v).toMatchObject({
      cvss: { score: null, rating: null, vector: null },
      cve: null,
      cveLink: null,
      updated: null,
      published: '2026-05-01T00:00:00.000Z',
      software: [{ slug: 'example', remediation: null, ranges: [{ fromVersion: '1.0.0' }] }],
    });
  });

  it('treats an absent informational flag as false', () => {
    const { informational: _i, ...rest } = record();
    expect(normaliseRecord(ID, rest)?.informational).toBe(false);
    expect(normaliseRecord(ID, record({ informational: true }))?.informational).toBe(true);
    expect(normaliseRecord(ID, record({ informational: 'yes' }))?.informational).toBe(false);
  });
});

describe('junk', () => {
  it('is no record when there is no id or no software to match', () => {
    for (const raw of [
      null,
      'oops',
      42,
      [],
      [record()],
      {},
      record({ software: [] }),
      record({ software: 'plugin' }),
      record({ software: [plugin({ type: 'plugin', slug: '' })] }),
      record({ software: [plugin({ slug: '../../etc' })] }),
      record({ software: [plugin({ affected_versions: {} })] }),
      record({ software: [plugin({ affected_versions: null })] }),
      record({ software: [null, 'x', 7] }),
    ]) {
      expect(normaliseRecord(ID, raw), JSON.stringify(raw)).toBeNull();
    }
    expect(normaliseRecord('', record({ id: 'bad id!' }))).toBeNull();
    expect(normaliseRecord('x'.repeat(65), record({ id: null }))).toBeNull();
  });

  it('falls back to the record id when the key is unusable', () => {
    expect(normaliseRecord('not an id', record())?.id).toBe(ID);
  });

  it('turns each odd field into null (or leaves it out) and keeps the rest', () => {
    const v = normaliseRecord(
      ID,
      record({
        title: { en: 'x' },
        cvss: { score: 'high', rating: 'Severe', vector: '<script>' },
        cve: 'CVE-oops',
        cve_link: 'javascript:alert(1)',
        published: '2026-02-30 00:00:00',
        updated: 'yesterday',
        references: 'https://www.wordfence.com/x',
        copyrights: {
          message: 7,
          defiant: 'text',
          mitre: { notice: '', license: 'L' },
          other: { notice: 'Copyright Other', license: 5, license_url: 'ftp://x' },
        },
        software: [
          plugin({
            name: 12,
            patched: 'yes',
            patched_versions: ['1.2.4', 5, '1.2.4', 'x y'],
            remediation: [],
          }),
        ],
      }),
    );
    expect(v).toMatchObject({
      title: '',
      cvss: { score: null, rating: null, vector: null },
      cve: null,
      cveLink: null,
      published: null,
      updated: null,
      reference: recordPage(ID),
      copyrights: {
        message: null,
        notices: [{ name: 'other', notice: 'Copyright Other', license: null, licenseUrl: null }],
      },
      software: [{ name: 'example', patched: false, patchedVersions: ['1.2.4'], remediation: null }],
    });
  });

  it('reads only https pages on wordfence.com as the reference', () => {
    const ref = (references: unknown[]) => normaliseRecord(ID, record({ references }))?.reference;
    expect(ref(['http://www.wordfence.com/a', 'https://wordfence.com.evil.example/a'])).toBe(recordPage(ID));
    expect(ref(['https://wordfence.com/a'])).toBe('https://wordfence.com/a');
  });

  it('caps and cleans every string', () => {
    const v = normaliseRecord(
      ID,
      record({
        title: `  Example\n\t<= 1.2.3 ${'x'.repeat(2000)}`,
        software: [plugin({ name: 'n'.repeat(1000), remediation: 'r'.repeat(5000) })],
      }),
    );
    expect(v?.title).toHaveLength(LIMITS.title);
    expect(v?.title.startsWith('Example <= 1.2.3 xxx')).toBe(true);
    expect(v?.title.endsWith('…')).toBe(true);
    expect(v?.software[0]?.name).toHaveLength(LIMITS.name);
    expect(v?.software[0]?.remediation).toHaveLength(LIMITS.remediation);
  });

  it('bounds the lists of one record', () => {
    const many = Object.fromEntries(
      Array.from({ length: 500 }, (_, i) => [`r${i}`, range(`${i}.0`, true, `${i}.9`, true)]),
    );
    const v = normaliseRecord(
      ID,
      record({
        software: Array.from({ length: 300 }, (_, i) =>
          plugin({
            slug: `p${i}`,
            affected_versions: many,
            patched_versions: Array.from({ length: 80 }, (_, j) => `${j}.0`),
          }),
        ),
      }),
    );
    expect(v?.software).toHaveLength(LIMITS.softwarePerRecord);
    expect(v?.software[0]?.ranges).toHaveLength(LIMITS.rangesPerSoftware);
    expect(v?.software[0]?.patchedVersions).toHaveLength(LIMITS.patchedVersions);
  });
});

describe('feed dates', () => {
  it('reads UTC without a zone as UTC', () => {
    expect(feedDate('2026-05-01 00:00:00')).toBe('2026-05-01T00:00:00.000Z');
    expect(feedDate('2026-05-01T13:45:10')).toBe('2026-05-01T13:45:10.000Z');
    expect(feedDate('2026-05-01 13:45:10Z')).toBe('2026-05-01T13:45:10.000Z');
    expect(feedDate('2026-05-01')).toBe('2026-05-01T00:00:00.000Z');
  });

  it('refuses what is not a real date', () => {
    for (const raw of ['2026-02-30 00:00:00', '2026-05-01 24:00:00', '01/05/2026', '', null, 1714521600]) {
      expect(feedDate(raw), String(raw)).toBeNull();
    }
  });
});

describe('text', () => {
  it('never cuts an emoji in half', () => {
    expect(text(`${'a'.repeat(8)}😀😀`, 10)).toBe(`${'a'.repeat(8)}…`);
    expect(text('a\u0000b\u2028c', 10)).toBe('a b c');
  });
});
