import { HEALTH_LABELS, HEALTH_SOURCE_LABELS, type Health, type HealthState } from '@shared/website-health';
import { Badge } from '@web/components/ui/badge';
import { formatAgo, formatDateTime } from '@web/lib/format';
import { cn } from '@web/lib/utils';
import {
  CheckCircle2,
  CircleDashed,
  HelpCircle,
  type LucideIcon,
  PauseCircle,
  Wrench,
  XCircle,
} from 'lucide-react';
import { Link } from 'wouter';

interface HealthStyle {
  /** Badge colours (border, background, text) in light and dark. */
  badge: string;
  /** The colour of a bare dot. */
  dot: string;
  icon: LucideIcon;
}

/**
 * How a website's health looks wherever a website is named: up green, down red, maintenance amber,
 * paused blue, unknown grey, not monitored muted (a dashed outline). Every state also has its own
 * icon and its label, so colour is never the only cue.
 */
export const HEALTH_STYLES: Record<HealthState, HealthStyle> = {
  up: {
    badge:
      'border-emerald-300 bg-emerald-50 text-emerald-800 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-300',
    dot: 'bg-emerald-500',
    icon: CheckCircle2,
  },
  down: {
    badge: 'border-red-300 bg-red-50 text-red-800 dark:border-red-700 dark:bg-red-950 dark:text-red-300',
    dot: 'bg-red-500',
    icon: XCircle,
  },
  maintenance: {
    badge:
      'border-amber-300 bg-amber-50 text-amber-800 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-300',
    dot: 'bg-amber-500',
    icon: Wrench,
  },
  paused: {
    badge: 'border-sky-300 bg-sky-50 text-sky-800 dark:border-sky-700 dark:bg-sky-950 dark:text-sky-300',
    dot: 'bg-sky-500',
    icon: PauseCircle,
  },
  unknown: {
    badge:
      'border-slate-300 bg-slate-100 text-slate-700 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-300',
    dot: 'bg-slate-500 dark:bg-slate-400',
    icon: HelpCircle,
  },
  unmonitored: {
    badge: 'border-dashed border-border bg-transparent text-muted-foreground',
    dot: 'border border-muted-foreground bg-transparent',
    icon: CircleDashed,
  },
};

/** The state alone: its icon and label in its colour. */
export function HealthStateBadge({ state, className }: { state: HealthState; className?: string }) {
  const style = HEALTH_STYLES[state];
  const Icon = style.icon;
  return (
    <Badge variant="outline" data-health={state} className={cn(style.badge, className)}>
      <Icon aria-hidden="true" />
      {HEALTH_LABELS[state]}
    </Badge>
  );
}

/**
 * Where a health comes from and since when, in small text: "Our check · since 3 h ago". Nothing when
 * nobody watches the website. `sourceHref` makes the source a link (to the check, say).
 */
export function HealthSource({
  health,
  sourceHref,
  since = true,
  className,
}: {
  health: Health;
  sourceHref?: string;
  since?: boolean;
  className?: string;
}) {
  if (health.source === null && !(since && health.since)) return null;
  const source = health.source && HEALTH_SOURCE_LABELS[health.source];
  return (
    // Each part stays whole; a narrow column breaks the line after the dot.
    <span
      data-health-source={health.source ?? undefined}
      className={cn('text-xs text-muted-foreground', className)}
    >
      {source &&
        (sourceHref ? (
          <Link href={sourceHref} className="whitespace-nowrap hover:text-foreground hover:underline">
            {source}
          </Link>
        ) : (
          <span className="whitespace-nowrap">{source}</span>
        ))}
      {source && since && health.since && ' · '}
      {since && health.since && (
        <time dateTime={health.since} title={formatDateTime(health.since)} className="whitespace-nowrap">
          since {formatAgo(health.since)}
        </time>
      )}
    </span>
  );
}

/**
 * A website's health as every page shows it: the state's badge with, under it (or beside it,
 * `inline`), where it comes from and since when.
 */
export function HealthBadge({
  health,
  sourceHref,
  since = true,
  inline = false,
  className,
}: {
  health: Health;
  sourceHref?: string;
  since?: boolean;
  inline?: boolean;
  className?: string;
}) {
  return (
    <span
      className={cn(
        inline
          ? 'inline-flex flex-wrap items-center gap-x-2 gap-y-1'
          : 'inline-grid justify-items-start gap-0.5',
        className,
      )}
    >
      <HealthStateBadge state={health.state} />
      <HealthSource health={health} sourceHref={sourceHref} since={since} />
    </span>
  );
}

/** A dot in the state's colour and its label in small text, for tight places (search hits). */
export function HealthDot({ state, className }: { state: HealthState; className?: string }) {
  return (
    <span
      data-health={state}
      className={cn(
        'inline-flex items-center gap-1.5 text-xs whitespace-nowrap text-muted-foreground',
        className,
      )}
    >
      <span aria-hidden="true" className={cn('size-2 shrink-0 rounded-full', HEALTH_STYLES[state].dot)} />
      {HEALTH_LABELS[state]}
    </span>
  );
}
