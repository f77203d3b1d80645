import type { IntegrationView } from '@shared/integrations';
import { RoleGate } from '@web/components/role-gate';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { ChevronRight } from 'lucide-react';
import type { FormEventHandler, ReactNode } from 'react';
import type { SavedIntegration } from './api';

export interface ConfigFormProps {
  view: IntegrationView | undefined;
  onDone: () => void;
}

/**
 * The placeholder of a token field: which token is saved, without showing it (the API never returns a
 * saved token, only a hint of it).
 */
export function tokenPlaceholder(view: IntegrationView | undefined, fallback: string): string {
  return view?.tokenSet && view.tokenHint
    ? `Saved token ${view.tokenHint} — enter a new one to replace it`
    : fallback;
}

/** Toasts of a save: the server's message on success ("Connected to GridPane as Acme"), else its error. */
export function saveToasts(name: string, onDone: () => void) {
  return {
    onSuccess: (saved: SavedIntegration) => {
      toast({ title: `${name} saved`, description: saved.message });
      onDone();
    },
    onError: (error: unknown) =>
      toast({
        title: 'Failed to save',
        description: errorMessage(error, 'Failed to save'),
        variant: 'destructive',
      }),
  };
}

interface ShellProps {
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  saving: boolean;
  children: ReactNode;
  /** Optional settings, folded under "Advanced". */
  advanced?: ReactNode;
  /** Opens the Advanced section (when a field in it has an error or a saved value). */
  advancedOpen?: boolean;
}

export function ConfigFormShell({
  label,
  onSubmit,
  onCancel,
  saving,
  children,
  advanced,
  advancedOpen,
}: ShellProps) {
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={label}
      className="grid gap-4 rounded-lg border bg-muted/30 p-4"
    >
      {children}
      {advanced && (
        <details open={advancedOpen} className="group grid gap-3">
          <summary className="flex w-fit cursor-pointer list-none items-center gap-1 text-sm font-medium text-muted-foreground hover:text-foreground [&::-webkit-details-marker]:hidden">
            <ChevronRight className="size-4 transition-transform group-open:rotate-90" aria-hidden="true" />
            Advanced
          </summary>
          <div className="mt-3 grid gap-4">{advanced}</div>
        </details>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <RoleGate need="admin">
          <Button type="submit" disabled={saving}>
            {saving && <Spinner />}
            {saving ? 'Saving...' : 'Save'}
          </Button>
        </RoleGate>
      </div>
    </form>
  );
}
