import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { TriangleAlert } from 'lucide-react';
import { Link } from 'wouter';
import { usePageTitle } from './page-title';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <div className="flex min-h-[60vh] items-center justify-center">
      <Card className="w-full max-w-md">
        <CardContent className="grid gap-4 p-6">
          <div className="flex items-center gap-2">
            <TriangleAlert className="size-7 text-destructive-text" aria-hidden="true" />
            <h2 className="text-2xl font-bold">404 Page Not Found</h2>
          </div>
          <p className="text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
          <Button asChild className="w-fit">
            <Link href="/">Go to the dashboard</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
