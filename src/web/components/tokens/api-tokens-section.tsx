import type { CreatedToken } from '@shared/tokens';
import { BookOpen } from 'lucide-react';
import { useState } from 'react';
import { CreateTokenForm } from './create-token-form';
import { NewTokenNotice } from './new-token-notice';
import { TokenList } from './token-list';

/** Settings → API tokens: create one (shown once), see when each was last used, revoke. */
export function ApiTokensSection() {
  const [created, setCreated] = useState<CreatedToken>();
  return (
    <div className="grid gap-6">
      {created ? (
        <NewTokenNotice token={created} onDone={() => setCreated(undefined)} />
      ) : (
        <CreateTokenForm onCreated={setCreated} />
      )}
      <TokenList />
      <a
        href="/api/docs/"
        target="_blank"
        rel="noopener"
        className="inline-flex items-center gap-2 justify-self-start text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:underline"
      >
        <BookOpen className="size-4" aria-hidden="true" />
        API reference (opens in a new tab)
      </a>
    </div>
  );
}
