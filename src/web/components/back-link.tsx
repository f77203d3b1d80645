import { Button } from '@web/components/ui/button';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';

/** "← Back to …" above a detail page. */
export function BackLink({ href, children }: { href: string; children: string }) {
  return (
    <Button variant="ghost" size="sm" asChild className="-ml-2 w-fit">
      <Link href={href}>
        <ArrowLeft aria-hidden="true" />
        {children}
      </Link>
    </Button>
  );
}
