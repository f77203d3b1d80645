import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { LogOut, MonitorSmartphone } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useAuth, useLogout } from '../../lib/use-auth';

// The question before signing out everywhere is loaded when it is asked: the shell is on every page's
// first load.
const SignOutEverywhereDialog = lazy(() => import('./sign-out-everywhere-dialog'));

function initials(name: string): string {
  return name.slice(0, 2).toUpperCase();
}

export function UserMenu() {
  const { user } = useAuth();
  const logout = useLogout();
  const logoutAll = useLogout({ everywhere: true });
  const [confirmAll, setConfirmAll] = useState(false);
  if (!user) return null;
  const signOut = (mutation: typeof logout) => () =>
    mutation.mutate(undefined, {
      onError: (error) =>
        toast({
          title: 'Log out failed',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            // Starts with the initials it shows, so speech input can name it (WCAG 2.5.3).
            aria-label={`${initials(user.username)}: account menu of ${user.username}`}
            className="rounded-full"
          >
            <span className="flex size-8 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary-text">
              {initials(user.username)}
            </span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-60">
          <DropdownMenuLabel className="grid gap-0.5 font-normal">
            <span className="truncate text-sm font-medium">{user.username}</span>
            <span className="truncate text-xs text-muted-foreground">{user.email}</span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={signOut(logout)} disabled={logout.isPending}>
            <LogOut aria-hidden="true" />
            Log out
          </DropdownMenuItem>
          {/* It ends more than this browser's session: the person is told what before it happens. */}
          <DropdownMenuItem onSelect={() => setConfirmAll(true)} disabled={logoutAll.isPending}>
            <MonitorSmartphone aria-hidden="true" />
            Sign out everywhere…
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {confirmAll && (
        <Suspense fallback={null}>
          <SignOutEverywhereDialog
            open={confirmAll}
            onOpenChange={setConfirmAll}
            onConfirm={signOut(logoutAll)}
          />
        </Suspense>
      )}
    </>
  );
}
