import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export interface InfoItem {
  label: string;
  value: ReactNode;
}

/** Label/value rows; a missing value shows a dash. */
export function InfoList({ items }: { items: readonly InfoItem[] }) {
  return (
    <dl className="grid gap-2.5 text-sm">
      {items.map((item) => (
        <div key={item.label} className="flex items-baseline justify-between gap-4">
          <dt className="shrink-0 text-muted-foreground">{item.label}</dt>
          <dd className="min-w-0 text-right font-medium break-words">{item.value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A titled card of label/value rows (Server Info, Resources, Site Info …). */
export function InfoCard({
  title,
  icon: Icon,
  items,
}: {
  title: string;
  icon?: LucideIcon;
  items: readonly InfoItem[];
}) {
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="flex items-center gap-2 text-base">
          {Icon && <Icon className="size-4 text-muted-foreground" aria-hidden="true" />}
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <InfoList items={items} />
      </CardContent>
    </Card>
  );
}
