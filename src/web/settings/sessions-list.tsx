import { SectionQuery } from '@web/components/section-query';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { useRevokeSession, useSessions } from '@web/lib/auth/account-api';
import { formatAgo, formatDate } from '@web/lib/format';
import { useLogout } from '@web/lib/use-auth';
import { Monitor } from 'lucide-react';
import { describeDevice } from './device';

/** Every browser signed in to your account, with a way to sign each out. */
export function SessionsList() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const logout = useLogout();

  const signOut = async (id: number, current: boolean) => {
    if (current) return logout.mutate();
    try {
      await revoke.mutateAsync(id);
      toast({ title: 'Signed out', description: 'That session has ended.' });
    } catch (error) {
      toast({
        title: 'Error',
        description: errorMessage(error, 'Could not sign it out'),
        variant: 'destructive',
      });
    }
  };

  return (
    <SectionQuery query={sessions} loading="Loading sessions..." failed="Could not load your sessions">
      {(list) => (
        <ul className="divide-y" aria-label="Active sessions">
          {list.map((s) => {
            const device = describeDevice(s.userAgent);
            return (
              <li
                key={s.id}
                className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3 first:pt-0 last:pb-0"
              >
                <Monitor className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    <span title={s.userAgent ?? undefined}>{device}</span>
                    {s.current && <Badge variant="secondary">This browser</Badge>}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {s.ip ?? 'Unknown address'} · last seen {formatAgo(s.lastSeenAt)} · signed in{' '}
                    {formatDate(s.createdAt)}
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={revoke.isPending || logout.isPending}
                  onClick={() => void signOut(s.id, s.current)}
                  aria-label={`Sign out ${s.current ? 'this browser' : `${device}, ${s.ip ?? 'unknown address'}`}`}
                >
                  Sign out
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </SectionQuery>
  );
}
