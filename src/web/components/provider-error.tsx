import { Button } from '@web/components/ui/button';
import { errorMessage, isApiError } from '@web/lib/api';
import { Settings } from 'lucide-react';
import { Link } from 'wouter';
import { ErrorState } from './page-states';

const SETUP_CODES = new Set(['integration_not_configured', 'integration_disabled']);

/** True when the failure means "set the integration up first", not "the provider is broken". */
export function needsIntegrationSetup(error: unknown): boolean {
  return isApiError(error) && SETUP_CODES.has(error.code);
}

interface ProviderErrorStateProps {
  /** "Unable to fetch sites". */
  title: string;
  error: unknown;
  /** Shown when the error carries no message: "Please configure GridPane integration first". */
  fallback: string;
}

/**
 * A provider-backed list that could not load (and has no cache to show): the server's message (which
 * names the provider and says what happened) and a way to the integration settings.
 */
export function ProviderErrorState({ title, error, fallback }: ProviderErrorStateProps) {
  const setup = needsIntegrationSetup(error);
  return (
    <ErrorState
      title={title}
      description={errorMessage(error, fallback)}
      action={<ConfigureIntegrationButton variant={setup ? 'default' : 'outline'} />}
    />
  );
}

/** To the integration settings, where a missing or failing provider is fixed. */
export function ConfigureIntegrationButton({ variant = 'default' }: { variant?: 'default' | 'outline' }) {
  return (
    <Button asChild variant={variant}>
      <Link href="/integrations">
        <Settings aria-hidden="true" />
        Configure Integration
      </Link>
    </Button>
  );
}
