import { CountBadge } from '@web/components/count-badge';
import { ProviderStatusBadge } from '@web/components/status-badge';
import { StatusPill } from '@web/components/status-pill';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { siteStatus } from '@web/lib/dashboard/status';
import { searchTypeLabels, searchTypeStyles } from '@web/lib/search/types';
import { cn } from '@web/lib/utils';
import { Bell, Plus } from 'lucide-react';
import { ControlsDemo } from './controls-demo';
import { OverlaysDemo } from './overlays-demo';
import { Section } from './section';

const variants = ['default', 'secondary', 'outline', 'ghost', 'destructive', 'link'] as const;
const sizes = ['sm', 'default', 'lg'] as const;
const badgeVariants = ['default', 'secondary', 'destructive', 'outline'] as const;

/** The primitives of components/ui in every variant, plus the app's status badges. */
export function ComponentsTab() {
  return (
    <div className="grid gap-8">
      <Section title="Buttons" description="Every variant in every size, with icon-only sizes.">
        <div className="grid gap-3 overflow-x-auto rounded-lg border p-4">
          {variants.map((variant) => (
            <div key={variant} className="flex flex-wrap items-center gap-2">
              <span className="w-24 font-mono text-xs text-muted-foreground">{variant}</span>
              {sizes.map((size) => (
                <Button key={size} variant={variant} size={size}>
                  {size === 'default' ? 'Button' : size}
                </Button>
              ))}
              <Button variant={variant} size="icon" aria-label={`${variant} icon`}>
                <Plus aria-hidden="true" />
              </Button>
              <Button variant={variant} size="icon-sm" aria-label={`${variant} small icon`}>
                <Plus aria-hidden="true" />
              </Button>
              <Button variant={variant} disabled>
                Disabled
              </Button>
            </div>
          ))}
        </div>
      </Section>
      <Section title="Badges">
        <div className="flex flex-wrap items-center gap-2">
          {badgeVariants.map((variant) => (
            <Badge key={variant} variant={variant}>
              {variant}
            </Badge>
          ))}
          <Button variant="ghost" size="icon" className="relative" aria-label="Notifications, 5 unread">
            <Bell aria-hidden="true" />
            <CountBadge count={5} />
          </Button>
          <Button variant="ghost" size="icon" className="relative" aria-label="Notifications, 120 unread">
            <Bell aria-hidden="true" />
            <CountBadge count={120} />
          </Button>
        </div>
      </Section>
      <Section title="Status badges" description="Site statuses, provider statuses and search result types.">
        <div className="flex flex-wrap items-center gap-2">
          {(['online', 'offline', 'warning', 'maintenance', null] as const).map((status) => (
            <StatusPill key={String(status)} {...siteStatus(status)} />
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {['active', 'error', 'inactive'].map((status) => (
            <ProviderStatusBadge key={status} status={status} />
          ))}
          {Object.entries(searchTypeLabels).map(([type, label]) => (
            <span
              key={type}
              className={cn(
                'rounded px-1.5 py-0.5 text-[10px] font-medium uppercase',
                searchTypeStyles[type as keyof typeof searchTypeStyles],
              )}
            >
              {label}
            </span>
          ))}
        </div>
      </Section>
      <ControlsDemo />
      <OverlaysDemo />
    </div>
  );
}
