import { Card, CardContent } from '@web/components/ui/card';
import { Hourglass } from 'lucide-react';
import { usePageTitle } from './page-title';

/** The pages not built yet (analytics, DNS) read "coming soon", with no figures. */
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
