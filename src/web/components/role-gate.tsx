import { CHOSEN_CLIENTS_ONLY, ROLE_LABELS, type Role, roleAtLeast, SCOPABLE_ROLES } from '@shared/auth';
import { Tooltip, TooltipContent, TooltipTrigger } from '@web/components/ui/tooltip';
import { cn } from '@web/lib/utils';
import { cloneElement, type ReactElement } from 'react';
import { useAuth } from '../lib/use-auth';

/** Whether the signed-in person's role may do what `needed` may (false while nobody is signed in). */
export function useCan(needed: Role): boolean {
  const { user } = useAuth();
  return user !== null && roleAtLeast(user.role, needed);
}

/** Whether the signed-in person is limited to chosen clients (so cannot add clients, for one). */
export function useLimitedToClients(): boolean {
  const { user } = useAuth();
  return user !== null && SCOPABLE_ROLES.includes(user.role) && Boolean(user.clientIds);
}

/** "Needs the Admin role": what a disabled action says, the same words as the server's refusal. */
export const needsRole = (needed: Role) =>
  `Needs the ${ROLE_LABELS[needed]} role${needed === 'owner' ? '' : ' or higher'}`;

/**
 * An action the person's role does not allow is shown disabled and says which role it needs (on hover
 * and to the keyboard), instead of failing after the click. Allowed, it is the action itself.
 */
export function RoleGate({
  need,
  everyClient = false,
  className = 'w-fit',
  children,
}: {
  need: Role;
  /** The action is for people who see every client (adding a client): not for those limited to some. */
  everyClient?: boolean;
  /** The wrapper's layout when the action is disabled (it takes the button's place). */
  className?: string;
  children: ReactElement<{ disabled?: boolean }>;
}) {
  const can = useCan(need);
  const limited = useLimitedToClients();
  if (can && !(everyClient && limited)) return children;
  const text = can ? CHOSEN_CLIENTS_ONLY : needsRole(need);
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        {/* A disabled button takes no focus or hover: the wrapper carries the explanation. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the reason must be reachable by keyboard */}
        <span tabIndex={0} className={cn('inline-flex rounded-md', className)} data-needs-role={need}>
          {cloneElement(children, { disabled: true })}
          <span className="sr-only">{text}</span>
        </span>
      </TooltipTrigger>
      <TooltipContent>{text}</TooltipContent>
    </Tooltip>
  );
}
