import { Card, CardContent } from '@web/components/ui/card';
import { Construction, Hourglass } from 'lucide-react';
import type { ReactNode } from 'react';
import { usePageTitle } from './page-title';

interface PlaceholderProps {
  title: string;
  subtitle?: string;
  /** The card's heading; defaults to "The {title} page is being built". */
  heading?: string;
  children?: ReactNode;
}

/** An area whose page is still being built: says so plainly, shows no figures. */
export function AreaPlaceholder({ title, subtitle, heading, children }: PlaceholderProps) {
  usePageTitle(title, subtitle);
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      {children}
      <Card className="border-dashed">
        <CardContent className="flex flex-col items-center gap-3 px-6 py-14 text-center">
          <Construction className="size-10 text-muted-foreground/70" aria-hidden="true" />
          <h2 className="text-lg font-semibold">{heading ?? `The ${title} page is being built`}</h2>
          <p className="max-w-md text-sm text-muted-foreground">
            This area of Agency Hub is under construction. It will show real data as soon as it is ready.
          </p>
        </CardContent>
      </Card>
    </div>
  );
}

/** The spec's placeholders: analytics, DNS, backups and security read "coming soon". */
export function ComingSoonPage({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <div className="mx-auto max-w-5xl">
      <Card>
        <CardContent className="flex flex-col items-center gap-3 px-6 py-14 text-center">
          <Hourglass className="size-10 text-muted-foreground/70" aria-hidden="true" />
          <h2 className="text-2xl font-semibold tracking-tight">{title}</h2>
          <p className="text-sm text-muted-foreground">{title} is coming soon.</p>
        </CardContent>
      </Card>
    </div>
  );
}
