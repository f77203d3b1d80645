import type { ChecksForWebsites } from '@shared/checks';
import { formatCount } from '@web/lib/format';

/** What a toast says about websites that got no check: how many, and the first few with their reason. */
export function refusedText(refused: ChecksForWebsites['refused']): string | undefined {
  if (refused.length === 0) return undefined;
  const shown = refused.slice(0, 3).map((r) => `${r.domain}: ${r.reason}`);
  const more = refused.length > 3 ? `; and ${refused.length - 3} more` : '';
  return `${formatCount(refused.length, 'website')} got no check. ${shown.join('; ')}${more}.`;
}
