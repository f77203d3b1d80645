import { and, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Severity } from '../../shared/security';
import { defineJob } from '../core/jobs/registry';
import { rows, websiteIdRanges } from '../core/sql';
import type { Db } from '../db/client';
import {
  vulnerabilities,
  vulnerabilityMatchedVersions,
  vulnerabilityMatches,
  vulnerabilitySoftware,
} from '../db/schema';
import type { VersionRange } from '../providers/wordfence/parse';
import type { Services } from '../services';
import { affected, compareVersions, isVersion } from './versions';

/** WordPress core as something a site runs: every core record of the feed is core's, whatever its slug. */
export const CORE = { type: 'core', slug: 'wordpress', name: 'WordPress' } as const;

/** A CVSS rating as our severity: no score is "unknown" (never "low"); a score of none reads as low. */
const SEVERITY_OF_RATING = new Map<string, Severity>([
  ['Critical', 'critical'],
  ['High', 'high'],
  ['Medium', 'medium'],
  ['Low', 'low'],
  ['None', 'low'],
]);
export const severityOf = (rating: string | null): Severity =>
  (rating ? SEVERITY_OF_RATING.get(rating) : undefined) ?? 'unknown';

/** The same reading in SQL, of a column holding the rating: for filtering and counting by severity. */
export const severitySql = (rating: SQL): SQL =>
  sql`(case ${rating} ${sql.join(
    [...SEVERITY_OF_RATING].map(([r, s]) => sql`when ${r} then ${s}`),
    sql` `,
  )} else 'unknown' end)`;

/** The first release that fixes it for this site: the lowest patched version above the installed one. */
export function patchedFor(installed: string, patched: boolean, versions: string[]): string | null {
  if (!patched) return null;
  const above = versions
    .filter((v) => isVersion(v) && compareVersions(v, installed, { pad: true }) > 0)
    .sort((a, b) => compareVersions(a, b, { pad: true }));
  return above[0] ?? versions[0] ?? null;
}

/** One feed record's entry for a piece of software, as matching needs it. */
export type AffectedSoftware = {
  vulnerabilityId: string;
  type: string;
  slug: string;
  patched: boolean;
  patchedVersions: string[];
  ranges: VersionRange[];
  vulnerability: VulnerabilityInfo;
};

/** What is shown of a vulnerability wherever a finding is. */
export type VulnerabilityInfo = {
  id: string;
  title: string;
  cvssScore: number | null;
  cvssRating: string | null;
  cve: string | null;
  reference: string;
  copyrights: unknown;
};

/** The notices the feed's licence asks to show beside a record, as one line; null when none. */
export function copyrightOf(copyrights: unknown): string | null {
  const c = copyrights as { message?: string | null; notices?: { notice: string | null }[] } | null;
  return [c?.message, ...(c?.notices ?? []).map((n) => n.notice)].filter(Boolean).join(' ') || null;
}

/** A finding on one website, as the API names it: "<website id>:<vulnerability id>:<type>:<slug>". */
export const websiteFindingId = (websiteId: number, vulnerabilityId: string, type: string, slug: string) =>
  `${websiteId}:${vulnerabilityId}:${type}:${slug}`;

/**
 * Which of `records` (all of them for this software) affect `version`, each with the release that
 * fixes it. A version that is not a version ("trunk", empty) matches nothing.
 */
export function affecting(
  version: string,
  records: AffectedSoftware[],
): { record: AffectedSoftware; patchedVersion: string | null }[] {
  if (!isVersion(version)) return [];
  return records
    .filter((r) => affected(version, r.ranges))
    .map((record) => ({
      record,
      patchedVersion: patchedFor(version, record.patched, record.patchedVersions),
    }));
}

/** The feed's non-informational records for these slugs (core: all of core's), of one generation. */
export async function recordsFor(
  db: Db,
  generation: number,
  software: { type: string; slug: string }[],
): Promise<Map<string, AffectedSoftware[]>> {
  const byType = (type: string) => [...new Set(software.filter((s) => s.type === type).map((s) => s.slug))];
  const conditions: SQL[] = [];
  for (const type of ['plugin', 'theme']) {
    const slugs = byType(type);
    if (slugs.length)
      conditions.push(and(eq(vulnerabilitySoftware.type, type), inArray(vulnerabilitySoftware.slug, slugs))!);
  }
  if (software.some((s) => s.type === CORE.type)) conditions.push(eq(vulnerabilitySoftware.type, CORE.type));
  const found = new Map<string, AffectedSoftware[]>();
  if (conditions.length === 0) return found;
  const records = await db
    .select({
      vulnerabilityId: vulnerabilitySoftware.vulnerabilityId,
      type: vulnerabilitySoftware.type,
      slug: vulnerabilitySoftware.slug,
      patched: vulnerabilitySoftware.patched,
      patchedVersions: vulnerabilitySoftware.patchedVersions,
      ranges: vulnerabilitySoftware.ranges,
      vulnerability: {
        id: vulnerabilities.id,
        title: vulnerabilities.title,
        cvssScore: vulnerabilities.cvssScore,
        cvssRating: vulnerabilities.cvssRating,
        cve: vulnerabilities.cve,
        reference: vulnerabilities.reference,
        copyrights: vulnerabilities.copyrights,
      },
    })
    .from(vulnerabilitySoftware)
    .innerJoin(
      vulnerabilities,
      and(
        eq(vulnerabilities.generation, vulnerabilitySoftware.generation),
        eq(vulnerabilities.id, vulnerabilitySoftware.vulnerabilityId),
      ),
    )
    .where(
      and(
        eq(vulnerabilitySoftware.generation, generation),
        eq(vulnerabilities.informational, false),
        or(...conditions),
      ),
    )
    .orderBy(vulnerabilitySoftware.vulnerabilityId);
  for (const r of records) {
    const key = softwareKey(r.type, r.type === CORE.type ? CORE.slug : r.slug);
    const list = found.get(key) ?? [];
    list.push({ ...r, ranges: r.ranges as VersionRange[] });
    found.set(key, list);
  }
  return found;
}

export const softwareKey = (type: string, slug: string) => `${type}/${slug}`;

/** Websites whose software one statement reads when looking for versions not matched yet. */
const MISSING_SITES = 2_000;

/** Distinct versions looked up per statement: their slugs' records are read together. */
const CHUNK = 2_000;

/**
 * Matches every (type, slug, version) the fleet runs that `generation` has not matched yet: once per
 * distinct version, however many sites run it. Idempotent and safe to run on several instances at
 * once (a version matched twice writes the same rows). Returns how many versions it matched.
 */
export async function matchVersions(services: Pick<Services, 'db'>, generation: number): Promise<number> {
  const { db } = services;
  if (generation === 0) return 0;
  const unmatched = (from: SQL) => sql`not exists (select 1 from vulnerability_matched_versions m
    where m.generation = ${generation} and m.type = ${from}.type and m.slug = ${from}.slug
      and m.version = ${from}.version)`;
  // What the fleet runs, a range of websites per statement (none reads the whole fleet's software).
  const found = new Map<string, { type: string; slug: string; version: string }>();
  for (const [from, to] of await websiteIdRanges(db, MISSING_SITES)) {
    const part = await rows<{ type: string; slug: string; version: string }>(
      db,
      sql`select distinct s.type, s.slug, s.version from website_software s
          where s.website_id between ${from} and ${to} and s.version is not null and ${unmatched(sql.raw('s'))}
        union
        select distinct c.type, c.slug, c.version from (
          select ${CORE.type}::text as type, ${CORE.slug}::text as slug, f.wordpress_version as version
          from website_facts f where f.website_id between ${from} and ${to} and f.wordpress_version is not null) c
          where ${unmatched(sql.raw('c'))}`,
    );
    for (const v of part) found.set(`${v.type}\u0000${v.slug}\u0000${v.version}`, v);
  }
  const missing = [...found.values()];
  for (let i = 0; i < missing.length; i += CHUNK) {
    const chunk = missing.slice(i, i + CHUNK);
    const records = await recordsFor(db, generation, chunk);
    const matches = chunk.flatMap((v) =>
      affecting(v.version, records.get(softwareKey(v.type, v.slug)) ?? []).map((m) => ({
        generation,
        type: v.type,
        slug: v.slug,
        version: v.version,
        vulnerabilityId: m.record.vulnerabilityId,
        patchedVersion: m.patchedVersion,
      })),
    );
    for (let j = 0; j < matches.length; j += 1_000)
      await db
        .insert(vulnerabilityMatches)
        .values(matches.slice(j, j + 1_000))
        .onConflictDoNothing();
    // Marked matched only once its matches are written: a version is never "matched, nothing found"
    // while its matches are still on their way.
    for (let j = 0; j < chunk.length; j += 1_000)
      await db
        .insert(vulnerabilityMatchedVersions)
        .values(chunk.slice(j, j + 1_000).map((v) => ({ generation, ...v })))
        .onConflictDoNothing();
  }
  return missing.length;
}

/** Drops the matches of every generation but `generation` (the one now in force). */
export async function keepMatchesOf(db: Db, generation: number): Promise<void> {
  await db.delete(vulnerabilityMatches).where(ne(vulnerabilityMatches.generation, generation));
  await db
    .delete(vulnerabilityMatchedVersions)
    .where(ne(vulnerabilityMatchedVersions.generation, generation));
}

/** Matches what the fleet newly runs: after each sweep of the sites, and every ten minutes. */
export const MATCH_JOB = defineJob<object, { matched: number }>('match-vulnerabilities');

/**
 * Tells the alert channels of findings newly critical or high (the security area runs it): after each
 * match and each feed read.
 */
export const FINDINGS_ALERT_JOB = defineJob<object, { alerted: number; recorded: number }>('security-alerts');

/**
 * Records when each finding of every severity opened and closed (the security area runs it, for the
 * client reports): after each match and each feed read, beside the alerts.
 */
export const FINDING_HISTORY_JOB = defineJob<object, { opened: number; closed: number }>(
  'security-finding-history',
);

/**
 * Computes again, in the background, the Security page's findings and summary as a person first sees
 * them (the security area runs it): after each match and each feed read, so the first view after a
 * change does not wait for the whole fleet to be counted.
 */
export const SECURITY_WARM_JOB = defineJob<object, { findings: number }>('security-warm');
