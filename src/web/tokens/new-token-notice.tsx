import type { CreatedToken } from '@shared/tokens';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { Check, Copy, KeyRound } from 'lucide-react';
import { useState } from 'react';

/** The new token's secret, shown this once, with a copy button. */
export function NewTokenNotice({ token, onDone }: { token: CreatedToken; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token.token);
      setCopied(true);
    } catch {
      toast({
        title: 'Could not copy',
        description: 'Select the token and copy it by hand.',
        variant: 'destructive',
      });
    }
  };
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
        <Input
          readOnly
          value={token.token}
          aria-label="New API token"
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 font-mono"
        />
        <Button type="button" variant="outline" onClick={() => void copy()}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy token'}
        </Button>
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
