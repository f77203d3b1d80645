import { type FleetReference, type FleetReferences, referenceWarning } from '@shared/fleet';
import { formatAgo, formatDateTime } from '@web/lib/format';
import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { dayText } from './version-counts';

/** The source's name, linked to where a person can see it. */
function SourceName({ reference }: { reference: FleetReference }) {
  const name = reference.source === 'operator setting' ? 'set by this installation' : reference.source;
  if (!reference.url) return <>{name}</>;
  return (
    <a href={reference.url} className="underline underline-offset-2" target="_blank" rel="noreferrer">
      {name}
    </a>
  );
}

/** "read 3 h ago" (the time itself on hover); "as of 2 Dec 2025" for the built-in table. */
function ReadWhen({ reference, now }: { reference: FleetReference; now: number }) {
  if (!reference.readAt) return null;
  const time = (text: string) => (
    <time dateTime={reference.readAt!} title={formatDateTime(reference.readAt!)}>
      {text}
    </time>
  );
  return reference.source === 'built-in table' ? (
    <>, as of {time(dayText(reference.readAt.slice(0, 10)))}</>
  ) : (
    <>, read {time(formatAgo(reference.readAt, now))}</>
  );
}

/** The last live read failed: when, and why (the values shown are still the last good ones). */
function ReadError({ reference, now }: { reference: FleetReference; now: number }) {
  if (!reference.error) return null;
  return (
    <span className="block text-destructive-text dark:text-red-300">
      Reading {reference.liveSource} failed{' '}
      <time dateTime={reference.error.at} title={formatDateTime(reference.error.at)}>
        {formatAgo(reference.error.at, now)}
      </time>
      : {reference.error.message}
    </span>
  );
}

/** "Latest WordPress 6.9.1 — wordpress.org, read 3 h ago", and the last failed read if any. */
export function WordPressReference({
  references,
  now = Date.now(),
}: {
  references: FleetReferences;
  now?: number;
}) {
  const wp = references.wordpress;
  return (
    <span data-testid="wordpress-reference">
      Latest WordPress {wp.latest} —{' '}
      {wp.seenOnSite ? (
        <>
          already running on one of your sites (newer than what <SourceName reference={wp} /> says
          <ReadWhen reference={wp} now={now} />)
        </>
      ) : (
        <>
          <SourceName reference={wp} />
          <ReadWhen reference={wp} now={now} />
        </>
      )}
      <ReadError reference={wp} now={now} />
    </span>
  );
}

/** "End-of-life dates — endoflife.date, read 3 h ago", the branches the operator set, the last failed read. */
export function PhpReference({
  references,
  now = Date.now(),
}: {
  references: FleetReferences;
  now?: number;
}) {
  const php = references.php;
  const own = php.operatorBranches;
  return (
    <span data-testid="php-reference">
      End-of-life dates — <SourceName reference={php} />
      <ReadWhen reference={php} now={now} />
      {own.length > 0 && <>; PHP {own.join(', ')} set by this installation</>}
      <ReadError reference={php} now={now} />
    </span>
  );
}

/**
 * A warning above the counts when a reference cannot be trusted blindly: never read from its live
 * source (the built-in table is in force) or last read too long ago. Either way some sites may be
 * flagged wrongly, or not flagged when they should be. Why the reads fail is said in each card.
 */
export function ReferencesWarning({
  references,
  now = Date.now(),
}: {
  references: FleetReferences;
  now?: number;
}) {
  const lines: ReactNode[] = [];
  const wp = references.wordpress;
  const php = references.php;
  const wpWarning = referenceWarning(wp, now);
  if (wpWarning === 'built-in') {
    lines.push(
      `Not read from ${wp.liveSource} yet: the latest WordPress release (${wp.latest}) comes from the table built into Agency Hub, which may be behind.`,
    );
  } else if (wpWarning === 'stale') {
    lines.push(
      `Last read from ${wp.liveSource} ${formatAgo(wp.readAt!, now)}: a newer WordPress release than ${wp.latest} may be out.`,
    );
  }
  const phpWarning = referenceWarning(php, now);
  if (phpWarning === 'built-in') {
    lines.push(
      `Not read from ${php.liveSource} yet: PHP’s end-of-life dates come from the table built into Agency Hub.`,
    );
  } else if (phpWarning === 'stale') {
    lines.push(
      `Last read from ${php.liveSource} ${formatAgo(php.readAt!, now)}: PHP’s end-of-life dates may have changed.`,
    );
  }
  if (lines.length === 0) return null;
  return (
    <div
      role="status"
      data-testid="references-warning"
      className="flex items-start gap-2 rounded-lg border border-amber-500/50 bg-amber-500/10 p-3 text-sm text-amber-800 dark:text-amber-200"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="grid min-w-0 gap-1">
        {lines.map((line) => (
          <p key={String(line)} className="break-words">
            {line}
          </p>
        ))}
        <p className="text-xs opacity-90">
          Sites may be flagged by out-of-date references. They are read again every day.
        </p>
      </div>
    </div>
  );
}
