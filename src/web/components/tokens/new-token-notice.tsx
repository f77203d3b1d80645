import type { CreatedToken } from '@shared/tokens';
import { CopyField } from '@web/components/copy-field';
import { Button } from '@web/components/ui/button';
import { KeyRound } from 'lucide-react';

/** The new token's secret, shown this once, with a copy button. */
export function NewTokenNotice({ token, onDone }: { token: CreatedToken; onDone: () => void }) {
  return (
    <div
      role="status"
      className="grid gap-3 rounded-lg border border-emerald-600/40 bg-emerald-50 p-4 dark:bg-emerald-950/40"
    >
      <p className="flex items-center gap-2 font-medium">
        <KeyRound className="size-4" aria-hidden="true" />
        Token “{token.name}” created. Copy it now: it will not be shown again.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <CopyField value={token.token} label="New API token" what="token" />
        <Button type="button" variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        Send it as <code className="font-mono">Authorization: Bearer …</code> to any /api address except
        /api/auth.
      </p>
    </div>
  );
}
