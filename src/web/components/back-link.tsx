import { Button } from '@web/components/ui/button';
import { useBackTo } from '@web/lib/came-from';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';

/**
 * "← Back to …" above a detail page: to the page the person came from when they came from one of
 * ours, else to `href` (the page's usual parent) with the given text.
 */
export function BackLink({ href, children }: { href: string; children: string }) {
  const back = useBackTo({ href, label: children });
  return (
    <Button variant="ghost" size="sm" asChild className="-ml-2 w-fit">
      <Link href={back.href}>
        <ArrowLeft aria-hidden="true" />
        {back.label}
      </Link>
    </Button>
  );
}
