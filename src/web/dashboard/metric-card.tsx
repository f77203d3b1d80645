import { Card } from '@web/components/ui/card';
import { cn } from '@web/lib/utils';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

interface MetricCardProps {
  title: string;
  icon: LucideIcon;
  /** The figure, or null for "—". */
  value: string | null;
  /** The line under the figure; shown only with a figure. */
  detail?: ReactNode;
  /** Shown instead of the detail when there is no figure (a hint to configure the integration). */
  hint?: ReactNode;
  /** The whole card links here when it has a figure. */
  href?: string;
}

/** One of the four dashboard figures: "—" and a hint when its integration has no data. */
export function MetricCard({ title, icon: Icon, value, detail, hint, href }: MetricCardProps) {
  const body = (
    <>
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
      </div>
      <p
        data-testid="metric-value"
        className="mt-2 text-2xl font-bold tracking-tight tabular-nums sm:text-3xl"
      >
        {value ?? '—'}
      </p>
      <div className="mt-1 min-h-5 text-xs text-muted-foreground">{value === null ? hint : detail}</div>
    </>
  );
  const linked = href && value !== null;
  return (
    <Card
      data-testid={`metric-${title.toLowerCase().replace(/\s+/g, '-')}`}
      className={cn('relative', linked && 'transition-colors hover:bg-accent/50')}
    >
      {linked ? (
        <Link
          href={href}
          className="block h-full rounded-xl p-4 outline-none sm:p-5 focus-visible:ring-2 focus-visible:ring-ring"
        >
          {body}
        </Link>
      ) : (
        <div className="p-4 sm:p-5">{body}</div>
      )}
    </Card>
  );
}

/** "Configure GridPane" → /integrations, or a plain note when configured but not measured yet. */
export function ConfigureHint({ configured, provider }: { configured: boolean; provider: string }) {
  if (configured) return <span>Waiting for the first {provider} sync</span>;
  return (
    <Link href="/integrations" className="font-medium text-primary underline-offset-4 hover:underline">
      Configure {provider}
    </Link>
  );
}
