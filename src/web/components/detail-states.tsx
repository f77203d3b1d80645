import { BackLink } from '@web/components/back-link';
import { LoadingState } from '@web/components/ui/spinner';
import { errorMessage, isApiError } from '@web/lib/api';
import { FileQuestion } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState, ErrorState } from './page-states';
import { ConfigureIntegrationButton, needsIntegrationSetup } from './provider-error';

interface DetailStatesProps {
  /** The route's id; empty when the route gave none. */
  id: string;
  back: { href: string; label: string };
  query: { isPending: boolean; isError: boolean; error: unknown; data: unknown };
  texts: { noId: string; loading: string; error: string; errorFallback: string; notFound: string };
  /** The page itself, once the data is there. */
  children: () => ReactNode;
}

/**
 * The states every detail page goes through: no id, loading, failed, not found (a 404 or no
 * data), then the page. Each state keeps the back link.
 */
export function DetailStates({ id, back, query, texts, children }: DetailStatesProps) {
  const backLink = <BackLink href={back.href}>{back.label}</BackLink>;
  let body: ReactNode;
  if (!id) body = <EmptyState icon={FileQuestion} title={texts.noId} />;
  else if (query.isPending) body = <LoadingState text={texts.loading} className="min-h-[40vh]" />;
  else if (query.isError && !(isApiError(query.error) && query.error.status === 404))
    body = (
      <ErrorState
        title={texts.error}
        description={errorMessage(query.error, texts.errorFallback)}
        action={needsIntegrationSetup(query.error) ? <ConfigureIntegrationButton /> : undefined}
      />
    );
  else if (query.isError || !query.data) body = <EmptyState icon={FileQuestion} title={texts.notFound} />;
  else return <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6">{children()}</div>;
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6">
      {backLink}
      {body}
    </div>
  );
}

/** A detail page's heading: back link, title, a line under it and badges on the right. */
export function DetailHeader({
  back,
  title,
  subtitle,
  aside,
}: {
  back: { href: string; label: string };
  title: string;
  subtitle?: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <div className="grid gap-3">
      <BackLink href={back.href}>{back.label}</BackLink>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 className="text-2xl font-semibold tracking-tight break-words">{title}</h2>
          {subtitle && <p className="mt-1 text-sm text-muted-foreground">{subtitle}</p>}
        </div>
        {aside && <div className="flex shrink-0 flex-wrap items-center gap-2">{aside}</div>}
      </div>
    </div>
  );
}
