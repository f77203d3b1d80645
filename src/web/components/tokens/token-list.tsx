import type { ApiToken } from '@shared/tokens';
import { SectionQuery } from '@web/components/section-query';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { formatDate, formatRelativeTime } from '@web/lib/format';
import { useState } from 'react';
import { useRevokeToken, useTokens } from '../../lib/tokens/api';

const day = (iso: string | null) => (iso ? formatDate(iso) : 'Never');

export function TokenList() {
  const tokens = useTokens();
  const revoke = useRevokeToken();
  const [revoking, setRevoking] = useState<ApiToken>();

  const onRevoke = async (token: ApiToken) => {
    try {
      await revoke.mutateAsync(token.id);
      toast({ title: 'Token revoked', description: `“${token.name}” no longer works.` });
    } catch (error) {
      toast({
        title: 'Error',
        description: errorMessage(error, 'Could not revoke it'),
        variant: 'destructive',
      });
    }
  };

  return (
    <SectionQuery query={tokens} loading="Loading tokens..." failed="Could not load your tokens">
      {(list) =>
        list.length === 0 ? (
          <p className="text-sm text-muted-foreground">You have no API tokens yet.</p>
        ) : (
          <div className="relative overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">Your API tokens</caption>
              <thead>
                <tr className="border-b text-left text-muted-foreground">
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Name
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Created
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Expires
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Last used
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((token) => (
                  <tr key={token.id} className="border-b last:border-0">
                    <td className="py-2.5 pr-4 font-medium break-all">
                      {token.name}
                      {token.readOnly && (
                        <Badge variant="secondary" className="ml-2 font-normal">
                          read-only
                        </Badge>
                      )}
                    </td>
                    <td className="py-2.5 pr-4 whitespace-nowrap">{day(token.createdAt)}</td>
                    <td className="py-2.5 pr-4 whitespace-nowrap">{day(token.expiresAt)}</td>
                    <td className="py-2.5 pr-4 whitespace-nowrap">
                      {token.lastUsedAt ? formatRelativeTime(token.lastUsedAt) : 'Never used'}
                    </td>
                    <td className="py-1.5 text-right">
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => setRevoking(token)}
                        aria-label={`Revoke ${token.name}`}
                      >
                        Revoke
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <ConfirmDialog
              open={revoking !== undefined}
              onOpenChange={(open) => !open && setRevoking(undefined)}
              title={`Revoke “${revoking?.name ?? ''}”?`}
              description="Anything using this token will be refused from now on. This cannot be undone."
              confirmLabel="Revoke"
              onConfirm={() => revoking && void onRevoke(revoking)}
            />
          </div>
        )
      }
    </SectionQuery>
  );
}
