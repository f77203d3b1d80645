import { and, asc, eq } from 'drizzle-orm';
import { addressPolicy } from '../core/outbound';
import { checks } from '../db/schema';
import type { Services } from '../services';
import { parseExpectedStatus, probeHttp } from './probe';

/** A website's health now, as one request of its check (or of its home page) finds it. */
export type SiteHealth = {
  ok: boolean;
  status: number | null;
  responseMs: number | null;
  /** Why it is not healthy ("Expected 2xx–3xx, got 500", "WordPress critical error page" …). */
  error: string | null;
  /** What was asked: the check's address, or the home page when the website has no check. */
  url: string;
  /**
   * The page's title when the website's check has no keyword of its own (the title stands in for
   * it: a page that kept its title is the same page); null when the page has none or no answer came.
   */
  title: string | null;
};

/**
 * Asks a website once, now, the way its check does: the check's address, expected statuses and
 * keyword, with WordPress's own error pages (a fatal error, a database error) counted as down even
 * when served with 200. A website without a check is asked at its home page. Without a keyword of
 * the check's, the page's title is read, and `expectTitle` (a title read earlier) must still be on
 * the page. Never throws.
 */
export async function siteHealthNow(
  services: Services,
  website: { id: number; domain: string },
  expectTitle?: string | null,
): Promise<SiteHealth> {
  const [check] = await services.db
    .select()
    .from(checks)
    .where(and(eq(checks.websiteId, website.id), eq(checks.paused, false)))
    .orderBy(asc(checks.id))
    .limit(1);
  const url = check?.url ?? `https://${website.domain}/`;
  const expected = check ? parseExpectedStatus(check.expectedStatus) : null;
  const byTitle = !check?.keyword;
  const result = await probeHttp(
    {
      url,
      timeoutMs: (check?.timeoutSeconds ?? 15) * 1000,
      expectedStatus: expected?.ok ? expected.ranges : undefined,
      keyword: check?.keyword ?? (byTitle && expectTitle ? expectTitle : undefined),
      keywordMode: check?.keyword ? (check.keywordMode as 'present' | 'absent') : 'present',
      wordpress: true,
      readTitle: byTitle,
    },
    { ...addressPolicy(services.config), ca: services.config.checks.extraCa },
  );
  const error =
    result.errorCode === 'keyword' && byTitle
      ? `The page's title before ("${expectTitle}") is no longer on the page`
      : result.error;
  return {
    ok: result.ok,
    status: result.status,
    responseMs: result.responseMs,
    error,
    url,
    title: result.title ?? null,
  };
}
