import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { SEVERITIES, type Severity, type WebsiteFinding, type WebsiteSecurity } from '../../shared/security';
import { vulnerabilities, vulnerabilitySoftware, websiteFacts } from '../db/schema';
import type { VersionRange } from '../providers/wordfence/parse';
import type { Services } from '../services';
import { readFeedState } from '../vulnerabilities/import';
import { notCheckedReason, readWebsite, readWebsiteSoftware } from '../websites';
import { affected, compareVersions, isVersion } from './versions';

/** A CVSS rating as our severity: no score is "unknown" (never "low"); a score of none reads as low. */
export function severityOf(rating: string | null): Severity {
  switch (rating) {
    case 'Critical':
      return 'critical';
    case 'High':
      return 'high';
    case 'Medium':
      return 'medium';
    case 'Low':
    case 'None':
      return 'low';
    default:
      return 'unknown';
  }
}

/** The first release that fixes it for this site: the lowest patched version above the installed one. */
export function patchedFor(installed: string, patched: boolean, versions: string[]): string | null {
  if (!patched) return null;
  const above = versions
    .filter((v) => isVersion(v) && compareVersions(v, installed, { pad: true }) > 0)
    .sort((a, b) => compareVersions(a, b, { pad: true }));
  return above[0] ?? versions[0] ?? null;
}

const rank = (s: Severity) => SEVERITIES.indexOf(s);

/**
 * What a website runs and which of it the vulnerability feed in force says is vulnerable: each
 * plugin, theme and WordPress core version matched against the affected ranges of every record for
 * its slug. While its plugins or the feed are not known the answer says so ("not checked", with the
 * reason) rather than "no vulnerabilities".
 */
export async function readWebsiteSecurity(services: Services, websiteId: number): Promise<WebsiteSecurity> {
  await readWebsite(services, websiteId); // 404 for a website that is not there (or not theirs)
  const [[facts], feed] = await Promise.all([
    services.db.select().from(websiteFacts).where(eq(websiteFacts.websiteId, websiteId)),
    readFeedState(services),
  ]);
  const software = await readWebsiteSoftware(services, websiteId, facts);
  const coreVersion = facts?.wordpressVersion ?? null;
  const feedStatus = {
    readAt: feed.readAt?.toISOString() ?? null,
    records: feed.records,
    error: feed.error,
  };
  const reason =
    notCheckedReason(facts) ??
    (feed.generation === 0
      ? feed.error
        ? `Wordfence Intelligence's vulnerability feed could not be read: ${feed.error}`
        : 'No vulnerability data yet: save a Wordfence Intelligence API key on the Integrations page'
      : null);
  const base = {
    checked: reason === null,
    reason,
    checkedAt: reason === null ? software.readAt : null,
    plugins: software.plugins,
    themes: software.themes,
    core: { version: coreVersion, verdict: null },
    closed: null,
    stale: null,
    feed: feedStatus,
  };
  if (reason !== null) return { ...base, findings: [] };

  const installed = [
    ...software.plugins.map((p) => ({ type: 'plugin' as const, ...p })),
    ...software.themes.map((t) => ({ type: 'theme' as const, ...t })),
    ...(coreVersion
      ? [{ type: 'core' as const, slug: 'wordpress', name: 'WordPress', version: coreVersion }]
      : []),
  ].filter((s) => s.version !== null && isVersion(s.version));
  const bySlug = (type: string) => installed.filter((s) => s.type === type).map((s) => s.slug);
  const conditions = [
    ...(['plugin', 'theme'] as const)
      .filter((type) => bySlug(type).length > 0)
      .map((type) =>
        and(eq(vulnerabilitySoftware.type, type), inArray(vulnerabilitySoftware.slug, bySlug(type))),
      ),
    // Core's records name it by a slug of their own: every core record is core's.
    ...(coreVersion ? [eq(vulnerabilitySoftware.type, 'core')] : []),
  ];
  if (conditions.length === 0) return { ...base, findings: [] };
  const records = await services.db
    .select({ software: vulnerabilitySoftware, vulnerability: vulnerabilities })
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
        eq(vulnerabilitySoftware.generation, feed.generation),
        eq(vulnerabilities.informational, false),
        or(...conditions),
      ),
    )
    .orderBy(sql`${vulnerabilities.id}`);

  const findings: WebsiteFinding[] = [];
  for (const { software: s, vulnerability: v } of records) {
    const mine = installed.find((i) => i.type === s.type && (s.type === 'core' || i.slug === s.slug));
    if (!mine?.version || !affected(mine.version, s.ranges as VersionRange[])) continue;
    const copyrights = v.copyrights as { message?: string | null; notices?: { notice: string | null }[] };
    findings.push({
      id: `${websiteId}:${v.id}:${s.type}:${mine.slug}`,
      vulnerabilityId: v.id,
      title: v.title,
      severity: severityOf(v.cvssRating),
      cvss: v.cvssScore,
      cve: v.cve,
      software: { type: s.type as 'plugin' | 'theme' | 'core', slug: mine.slug, name: mine.name },
      installedVersion: mine.version,
      patchedVersion: patchedFor(mine.version, s.patched, s.patchedVersions),
      reference: v.reference,
      copyright:
        [copyrights?.message, ...(copyrights?.notices ?? []).map((n) => n.notice)]
          .filter(Boolean)
          .join(' ') || null,
      dismissed: false,
    });
  }
  findings.sort((a, b) => rank(a.severity) - rank(b.severity) || (b.cvss ?? -1) - (a.cvss ?? -1));
  return { ...base, findings };
}
