import { ROLE_LABELS, ROLES, type Role, type SecurityPolicy } from '@shared/auth';
import { RoleGate, useCan } from '@web/components/role-gate';
import { SectionQuery } from '@web/components/section-query';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { useState } from 'react';
import { useSecurityPolicy, useUpdateSecurityPolicy } from './api';

/** Settings → Security: the roles that must use two-factor sign-in (the Owner decides; others read). */
export function SecurityPolicySection() {
  return (
    <SectionQuery
      query={useSecurityPolicy()}
      loading="Loading the security rules..."
      failed="Could not load the security rules"
    >
      {(policy) => <PolicyForm policy={policy} />}
    </SectionQuery>
  );
}

// Highest role first, as the Team page lists them.
const ORDER = [...ROLES].reverse();

function PolicyForm({ policy }: { policy: SecurityPolicy }) {
  const owner = useCan('owner');
  const update = useUpdateSecurityPolicy();
  const [chosen, setChosen] = useState<Role[]>(policy.requireTwoFactor);
  const changed =
    chosen.length !== policy.requireTwoFactor.length ||
    chosen.some((r) => !policy.requireTwoFactor.includes(r));
  const toggle = (role: Role, on: boolean) =>
    setChosen((now) => (on ? [...now, role] : now.filter((r) => r !== role)));
  const save = () =>
    update.mutate(chosen, {
      onSuccess: () => toast({ title: 'Security rules saved' }),
      onError: (e) =>
        toast({
          title: 'Could not save the security rules',
          description: errorMessage(e, ''),
          variant: 'destructive',
        }),
    });
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">Require two-factor sign-in for</legend>
        {ORDER.map((role) => (
          <div key={role} className="flex items-center gap-2">
            <Checkbox
              id={`require-2fa-${role}`}
              checked={chosen.includes(role)}
              disabled={!owner}
              onCheckedChange={(value) => toggle(role, value === true)}
            />
            <Label htmlFor={`require-2fa-${role}`} className="font-normal">
              {ROLE_LABELS[role]}
            </Label>
          </div>
        ))}
      </fieldset>
      <p className="text-sm text-muted-foreground">
        People in a chosen role who have not turned it on get {policy.graceDays} days to do so, from now or
        from joining; after that they can only reach their own account settings until they do.
      </p>
      <RoleGate need="owner">
        <Button type="submit" className="w-fit" disabled={!changed || update.isPending}>
          {update.isPending && <Spinner />}
          Save security rules
        </Button>
      </RoleGate>
    </form>
  );
}
