import { and, eq } from 'drizzle-orm';
import { SEVERITIES, type Severity, type WebsiteFinding, type WebsiteSecurity } from '../../shared/security';
import { websiteFacts, websiteSoftware } from '../db/schema';
import { directoryReadAt, readDirectory } from '../plugin-directory';
import type { Services } from '../services';
import {
  affecting,
  CORE,
  copyrightOf,
  type FeedState,
  isVersion,
  readFeedState,
  recordsFor,
  severityOf,
  softwareKey,
  websiteFindingId,
} from '../vulnerabilities';
import { notCheckedReason, readWebsite, readWebsiteSoftware } from '../websites';
import { readDismissals } from './dismissals';
import { coreVerdicts } from './wporg-facts';

const rank = (s: Severity) => SEVERITIES.indexOf(s);

/** Why nothing is checked while no vulnerability feed was ever read. */
export function noFeedReason(feed: Pick<FeedState, 'error'>): string {
  return feed.error
    ? `Wordfence Intelligence's vulnerability feed could not be read: ${feed.error}`
    : 'No vulnerability data yet: save a Wordfence Intelligence API key on the Integrations page';
}

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
  const [verdicts, directory] = await Promise.all([
    coreVerdicts(services),
    software.checked ? directoryOf(services, websiteId) : null,
  ]);
  const feedStatus = {
    readAt: feed.readAt?.toISOString() ?? null,
    records: feed.records,
    error: feed.error,
  };
  const reason = notCheckedReason(facts) ?? (feed.generation === 0 ? noFeedReason(feed) : null);
  const base = {
    checked: reason === null,
    reason,
    checkedAt: reason === null ? software.readAt : null,
    plugins: software.plugins,
    themes: software.themes,
    core: { version: coreVersion, verdict: coreVersion ? (verdicts?.get(coreVersion) ?? null) : null },
    closed: directory?.closed ?? null,
    stale: directory?.stale ?? null,
    feed: feedStatus,
  };
  if (reason !== null) return { ...base, findings: [] };

  const installed = [
    ...software.plugins.map((p) => ({ type: 'plugin' as const, ...p })),
    ...software.themes.map((t) => ({ type: 'theme' as const, ...t })),
    ...(coreVersion ? [{ ...CORE, version: coreVersion }] : []),
  ].filter((s): s is typeof s & { version: string } => s.version !== null && isVersion(s.version));
  const [records, dismissed] = await Promise.all([
    recordsFor(services.db, feed.generation, installed),
    readDismissals(services, websiteId),
  ]);
  const findings: WebsiteFinding[] = [];
  for (const mine of installed) {
    for (const { record, patchedVersion } of affecting(
      mine.version,
      records.get(softwareKey(mine.type, mine.slug)) ?? [],
    )) {
      const v = record.vulnerability;
      const id = websiteFindingId(websiteId, v.id, mine.type, mine.slug);
      const dismissal = dismissed.get(id) ?? null;
      findings.push({
        id,
        vulnerabilityId: v.id,
        title: v.title,
        severity: severityOf(v.cvssRating),
        cvss: v.cvssScore,
        cve: v.cve,
        software: { type: mine.type, slug: mine.slug, name: mine.name },
        installedVersion: mine.version,
        patchedVersion,
        reference: v.reference,
        copyright: copyrightOf(v.copyrights),
        dismissed: dismissal !== null,
        dismissal,
      });
    }
  }
  findings.sort((a, b) => rank(a.severity) - rank(b.severity) || (b.cvss ?? -1) - (a.cvss ?? -1));
  return { ...base, findings };
}

const DAY_MS = 86_400_000;

/**
 * What wordpress.org's plugin directory says of a website's plugins: those it closed (with the day
 * and the reason), and those it does not list (premium or custom) whose version has not changed for
 * longer than the stale limit, counted from when that version was first read on the site. Null while
 * the directory was never asked: not checked, never "none".
 */
async function directoryOf(
  services: Services,
  websiteId: number,
): Promise<{
  closed: NonNullable<WebsiteSecurity['closed']>;
  stale: NonNullable<WebsiteSecurity['stale']>;
} | null> {
  if ((await directoryReadAt(services)) === null) return null;
  const plugins = await services.db
    .select({
      slug: websiteSoftware.slug,
      version: websiteSoftware.version,
      since: websiteSoftware.versionSince,
    })
    .from(websiteSoftware)
    .where(and(eq(websiteSoftware.websiteId, websiteId), eq(websiteSoftware.type, 'plugin')));
  const known = await readDirectory(
    services,
    plugins.map((p) => p.slug),
  );
  const now = services.clock.now().getTime();
  const closed: NonNullable<WebsiteSecurity['closed']> = [];
  const stale: NonNullable<WebsiteSecurity['stale']> = [];
  for (const p of plugins.sort((a, b) => a.slug.localeCompare(b.slug))) {
    const fact = known.get(p.slug);
    if (fact?.status === 'closed')
      closed.push({ slug: p.slug, closedOn: fact.closedOn, reason: fact.closedReason });
    if (fact?.status !== 'not_listed' || !p.since || !p.version) continue;
    const unchangedDays = Math.floor((now - p.since.getTime()) / DAY_MS);
    if (unchangedDays > services.config.stalePluginDays)
      stale.push({ slug: p.slug, version: p.version, unchangedDays });
  }
  return { closed, stale };
}
