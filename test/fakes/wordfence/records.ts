import { createRandom, seedOf } from '../gridpane/random';

/**
 * Records of Wordfence Intelligence's v3 feed, shaped as the production feed sends them: a handful of
 * fixed ones that cover what a reader must handle, and as many generated ones as a scale test wants
 * (deterministic: the same seed and index give the same record on every machine).
 */
export type RawRecord = Record<string, unknown>;

const DEFIANT = {
  notice: 'Copyright 2012-2026 Defiant Inc.',
  license:
    'Defiant hereby grants you a perpetual, worldwide, non-exclusive, no-charge, royalty-free, irrevocable copyright license to reproduce, prepare derivative works of, publicly display, publicly perform, sublicense, and distribute this software vulnerability information.',
  license_url: 'https://www.wordfence.com/wordfence-intelligence-terms-and-conditions/',
};
const MITRE = {
  notice: 'Copyright 1999-2026 The MITRE Corporation',
  license:
    'CVE Usage: MITRE hereby grants you a perpetual, worldwide, non-exclusive, no-charge, royalty-free, irrevocable copyright license to reproduce, prepare derivative works of, publicly display, publicly perform, sublicense, and distribute Common Vulnerabilities and Exposures (CVE®).',
  license_url: 'https://www.cve.org/Legal/TermsOfUse',
};
const MESSAGE = 'This record contains material that is subject to copyright';

const copyrights = (cve: boolean) => ({
  message: MESSAGE,
  defiant: DEFIANT,
  ...(cve ? { mitre: MITRE } : {}),
});
const page = (id: string) => `https://www.wordfence.com/threat-intel/vulnerabilities/id/${id}`;
const cveLink = (cve: string) => `https://www.cve.org/CVERecord?id=${cve}`;

type Range = [from: string, fromInclusive: boolean, to: string, toInclusive: boolean];

/** `affected_versions` keyed by Wordfence's label for each range ("1.0.0 - 1.2.3", "* - 6.4.4"). */
function affected(ranges: Range[]) {
  return Object.fromEntries(
    ranges.map(([from, fromInclusive, to, toInclusive]) => [
      `${from} - ${to}`,
      { from_version: from, from_inclusive: fromInclusive, to_version: to, to_inclusive: toInclusive },
    ]),
  );
}

/** The ids of the fixed records, for tests that look one up. */
export const FIXED_IDS = {
  /** Plugin (WooCommerce, run by the fake fleet), several ranges, one starting at "*", a CVE. */
  woocommerce: '0a4c5b29-6f1e-4c39-9b61-1d2a7e8f3c01',
  /** Theme (Astra), both bounds exclusive. */
  astra: '1b5d6c3a-7a2f-4d4a-8c72-2e3b8f9a4d12',
  /** Core, "*" lower bound, several ranges, a critical score. */
  core: '2c6e7d4b-8b3a-4e5b-9d83-3f4c9a0b5e23',
  /** Plugin with no score yet (null cvss), no CVE, no fix (patched: false), and an empty `copyrights`. */
  unscored: '3d7f8e5c-9c4b-4f6c-ae94-4a5d0b1c6f34',
  /** Plugin nobody runs, "*" on both sides, informational. */
  unused: '4e809f6d-ad5c-4a7d-bfa5-5b6e1c2d7a45',
  /** Plugin run by the fake fleet (Wordfence itself), fixed long ago: no site is affected. */
  wordfence: '5f91a07e-be6d-4b8e-80b6-6c7f2d3e8b56',
} as const;

/** The fixed records, in feed order. */
export function fixedRecords(): RawRecord[] {
  const { woocommerce, astra, core, unscored, unused, wordfence } = FIXED_IDS;
  return [
    {
      id: woocommerce,
      title: 'WooCommerce <= 9.3.3 - Authenticated (Shop Manager+) Stored Cross-Site Scripting',
      software: [
        {
          type: 'plugin',
          name: 'WooCommerce',
          slug: 'woocommerce',
          affected_versions: affected([
            ['*', true, '8.9.3', true],
            ['9.0.0', true, '9.3.3', true],
          ]),
          patched: true,
          patched_versions: ['8.9.4', '9.3.4'],
          remediation: 'Update to version 9.3.4, or a newer patched version',
        },
      ],
      informational: false,
      description:
        'The WooCommerce plugin for WordPress is vulnerable to Stored Cross-Site Scripting via product attributes in all versions up to, and including, 9.3.3 due to insufficient input sanitization and output escaping.',
      references: [page(woocommerce), 'https://plugins.trac.wordpress.org/changeset/3170000/woocommerce'],
      cwe: {
        id: 79,
        name: "Improper Neutralization of Input During Web Page Generation ('Cross-site Scripting')",
        description: 'The product does not neutralize or incorrectly neutralizes user-controllable input.',
      },
      cvss: { vector: 'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:C/C:L/I:L/A:N', score: 5.5, rating: 'Medium' },
      cve: 'CVE-2024-10001',
      cve_link: cveLink('CVE-2024-10001'),
      researchers: ['Jane Researcher'],
      published: '2024-10-22 14:30:00',
      updated: '2024-10-23 09:12:45',
      copyrights: copyrights(true),
    },
    {
      id: astra,
      title: 'Astra 4.0.0 - 4.8.3 - Missing Authorization to Settings Change',
      software: [
        {
          type: 'theme',
          name: 'Astra',
          slug: 'astra',
          affected_versions: affected([['4.0.0', false, '4.8.4', false]]),
          patched: true,
          patched_versions: ['4.8.4'],
          remediation: 'Update to version 4.8.4, or a newer patched version',
        },
      ],
      informational: false,
      description:
        'The Astra theme for WordPress is vulnerable to unauthorized modification of data due to a missing capability check.',
      references: [page(astra)],
      cwe: {
        id: 862,
        name: 'Missing Authorization',
        description: 'The product does not perform an authorization check.',
      },
      cvss: { vector: 'CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:U/C:N/I:L/A:N', score: 4.3, rating: 'Medium' },
      cve: 'CVE-2024-10002',
      cve_link: cveLink('CVE-2024-10002'),
      researchers: ['Sam Finder'],
      published: '2024-11-05 00:00:00',
      updated: '2024-11-05 00:00:00',
      copyrights: copyrights(true),
    },
    {
      id: core,
      title: 'WordPress Core <= 6.5.4 - Authenticated (Contributor+) Remote Code Execution',
      software: [
        {
          type: 'core',
          name: 'WordPress',
          slug: 'wordpress',
          affected_versions: affected([
            ['*', true, '6.4.4', true],
            ['6.5', true, '6.5.4', true],
            ['6.6', true, '6.6.0', true],
          ]),
          patched: true,
          patched_versions: ['6.4.5', '6.5.5', '6.6.1'],
          remediation: 'Update to version 6.6.1, or a newer patched version',
        },
      ],
      informational: false,
      description: 'WordPress Core is vulnerable to Remote Code Execution via a crafted template part.',
      references: ['https://wordpress.org/news/2024/06/wordpress-6-5-5/', page(core)],
      cwe: { id: 94, name: "Improper Control of Generation of Code ('Code Injection')", description: '…' },
      cvss: { vector: 'CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:C/C:H/I:H/A:H', score: 9.9, rating: 'Critical' },
      cve: 'CVE-2024-10003',
      cve_link: cveLink('CVE-2024-10003'),
      researchers: ['Alex Core'],
      published: '2024-06-24 17:00:00',
      updated: '2024-07-01 08:00:00',
      copyrights: copyrights(true),
    },
    {
      id: unscored,
      title: 'Gallery Showcase Lite <= 1.4.2 - Unauthenticated Arbitrary File Upload',
      software: [
        {
          type: 'plugin',
          name: 'Gallery Showcase Lite',
          slug: 'gallery-showcase-lite',
          affected_versions: affected([['*', true, '1.4.2', true]]),
          patched: false,
          patched_versions: [],
          remediation:
            'No known patch available. Please review the vulnerability details and employ any mitigations.',
        },
      ],
      informational: false,
      description: 'The Gallery Showcase Lite plugin for WordPress is vulnerable to arbitrary file uploads.',
      references: [page(unscored)],
      cwe: null,
      cvss: null,
      cve: null,
      cve_link: null,
      researchers: [],
      published: null,
      updated: '2026-05-02 10:00:00',
      copyrights: {},
    },
    {
      id: unused,
      title: 'Forgotten Slider Pro - Information Disclosure',
      software: [
        {
          type: 'plugin',
          name: 'Forgotten Slider Pro',
          slug: 'forgotten-slider-pro',
          affected_versions: affected([['*', true, '*', true]]),
          patched: false,
          patched_versions: [],
          remediation: 'Uninstall the affected software and find a replacement.',
        },
      ],
      description: 'The plugin has been closed and exposes configuration to unauthenticated users.',
      references: [page(unused)],
      cwe: { id: 200, name: 'Exposure of Sensitive Information', description: '…' },
      cvss: { vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N', score: 5.3, rating: 'Medium' },
      cve: null,
      cve_link: null,
      researchers: ['Pat Archive'],
      published: '2026-05-01 00:00:00',
      updated: '2026-05-01 00:00:00',
      copyrights: copyrights(false),
      informational: true,
    },
    {
      id: wordfence,
      title: 'Wordfence Security <= 7.6.1 - Reflected Cross-Site Scripting',
      software: [
        {
          type: 'plugin',
          name: 'Wordfence Security – Firewall, Malware Scan, and Login Security',
          slug: 'wordfence',
          affected_versions: affected([['*', true, '7.6.1', true]]),
          patched: true,
          patched_versions: ['7.6.2'],
          remediation: 'Update to version 7.6.2, or a newer patched version',
        },
      ],
      informational: false,
      description: 'Wordfence Security is vulnerable to Reflected Cross-Site Scripting.',
      references: [page(wordfence)],
      cwe: { id: 79, name: 'Cross-site Scripting', description: '…' },
      cvss: { vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N', score: 6.1, rating: 'Medium' },
      cve: 'CVE-2022-10004',
      cve_link: cveLink('CVE-2022-10004'),
      researchers: ['Chris Early'],
      published: '2022-01-10 12:00:00',
      updated: '2022-01-11 12:00:00',
      copyrights: copyrights(true),
    },
  ];
}

const WORDS = [
  'easy',
  'smart',
  'simple',
  'ultimate',
  'quick',
  'advanced',
  'pro',
  'lite',
  'social',
  'custom',
  'responsive',
  'instant',
  'super',
  'flexible',
  'modern',
  'secure',
  'wp',
  'total',
  'better',
  'magic',
] as const;
const THINGS = [
  'forms',
  'gallery',
  'slider',
  'seo',
  'cache',
  'backup',
  'popup',
  'events',
  'booking',
  'members',
  'shop',
  'menu',
  'login',
  'chat',
  'reviews',
  'faq',
  'maps',
  'tables',
  'calendar',
  'newsletter',
] as const;
const KINDS = [
  ['Stored Cross-Site Scripting', 79, 'Improper Neutralization of Input During Web Page Generation'],
  ['Reflected Cross-Site Scripting', 79, 'Improper Neutralization of Input During Web Page Generation'],
  ['SQL Injection', 89, 'Improper Neutralization of Special Elements used in an SQL Command'],
  ['Cross-Site Request Forgery', 352, 'Cross-Site Request Forgery (CSRF)'],
  ['Missing Authorization', 862, 'Missing Authorization'],
  ['Arbitrary File Upload', 434, 'Unrestricted Upload of File with Dangerous Type'],
  ['Sensitive Information Exposure', 200, 'Exposure of Sensitive Information to an Unauthorized Actor'],
] as const;
const RATING = (score: number) =>
  score === 0 ? 'None' : score < 4 ? 'Low' : score < 7 ? 'Medium' : score < 9 ? 'High' : 'Critical';
const SENTENCES = [
  'This is due to insufficient input sanitization and output escaping on user supplied attributes.',
  'This makes it possible for unauthenticated attackers to inject arbitrary web scripts in pages that execute whenever a user accesses an injected page.',
  'This is due to missing or incorrect nonce validation on a function that handles settings updates.',
  'This makes it possible for authenticated attackers, with subscriber-level access and above, to modify data.',
  'The vulnerability was partially patched in an earlier version and fully patched in the version listed.',
  'Exploiting this requires the attacker to trick a site administrator into performing an action such as clicking on a link.',
] as const;

/**
 * Generated record `index` of a feed seeded with `seed`: a plugin (sometimes a theme) with one to
 * three ranges, about 2 KB like the real feed's average; some without score or CVE, some unpatched.
 */
export function generatedRecord(seed: number, index: number): RawRecord {
  const random = createRandom(seedOf(seed, 'wordfence', index));
  const hex = (n: number) => Array.from({ length: n }, () => random.int(0, 15).toString(16)).join('');
  const id = `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[random.int(0, 3)]}${hex(3)}-${hex(12)}`;
  const words = [random.pick(WORDS), random.pick(THINGS), random.pick(THINGS)];
  const slug = `${words.join('-')}-${index}`;
  const name = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ');
  const major = random.int(0, 9);
  const ranges: Range[] = [];
  let from = `${major}.0.0`;
  for (let r = random.int(1, 3); r > 0; r--) {
    const to = `${major}.${random.int(0, 9)}.${random.int(0, 20)}`;
    ranges.push([ranges.length === 0 && random.chance(0.6) ? '*' : from, true, to, random.chance(0.9)]);
    from = `${major + ranges.length}.0.0`;
  }
  const patched = random.chance(0.85);
  const lastTo = ranges.at(-1)![2];
  const [kind, cweId, cweName] = random.pick(KINDS);
  const scored = random.chance(0.9);
  const score = Math.round(random.next() * 100) / 10;
  const cve = random.chance(0.7) ? `CVE-20${random.int(20, 26)}-${random.int(10000, 99999)}` : null;
  const day = new Date(Date.UTC(2020, 0, 1) + random.int(0, 2400) * 86_400_000);
  const stamp = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
  const description = Array.from({ length: random.int(4, 14) }, () => random.pick(SENTENCES)).join(' ');
  return {
    id,
    title: `${name} <= ${lastTo} - ${kind}`,
    software: [
      {
        type: random.chance(0.9) ? 'plugin' : 'theme',
        name,
        slug,
        affected_versions: affected(ranges),
        patched,
        patched_versions: patched ? [`${major}.${random.int(10, 12)}.0`] : [],
        remediation: patched
          ? 'Update to the latest patched version'
          : 'No known patch available. Please review the vulnerability details and employ any mitigations.',
      },
    ],
    informational: random.chance(0.02),
    description: `The ${name} plugin for WordPress is vulnerable to ${kind} in all versions up to, and including, ${lastTo}. ${description}`,
    references: [page(id), `https://plugins.trac.wordpress.org/browser/${slug}/tags/${lastTo}/readme.txt`],
    cwe: { id: cweId, name: cweName, description: `${cweName}.` },
    cvss: scored
      ? {
          vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N',
          score,
          rating: RATING(score),
        }
      : null,
    cve,
    cve_link: cve ? cveLink(cve) : null,
    researchers: [`Researcher ${random.int(1, 500)}`],
    published: stamp(day),
    updated: stamp(new Date(day.getTime() + random.int(0, 90) * 86_400_000)),
    copyrights: copyrights(cve !== null),
  };
}

/** Fields the production feed has and the scanner feed leaves out. */
const PRODUCTION_ONLY = ['description', 'cwe', 'cvss', 'cve', 'cve_link', 'researchers', 'updated'] as const;

/** The scanner feed's slim copy of a production record (no severity, no remediation). */
export function scannerRecord(record: RawRecord): RawRecord {
  const slim: RawRecord = { ...record };
  for (const field of PRODUCTION_ONLY) delete slim[field];
  if (Array.isArray(record.software)) {
    slim.software = record.software.map((software) => {
      if (typeof software !== 'object' || software === null) return software;
      const { remediation: _remediation, ...rest } = software as RawRecord;
      return rest;
    });
  }
  return slim;
}
