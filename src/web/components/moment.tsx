import { formatDateTime, formatMoment, formatRelativeTime } from '@web/lib/format';

/**
 * When something happened, in a list of news: relative and on the agency's clock ("5 min ago · 22:18";
 * another day's with its date), the full date and time on hover.
 */
export function Moment({ at, className }: { at: string; className?: string }) {
  return (
    <time dateTime={at} title={formatDateTime(at)} className={className}>
      {formatRelativeTime(at)} · {formatMoment(at)}
    </time>
  );
}
