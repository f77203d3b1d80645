import { ROLE_LABELS, ROLES, type Role, roleAtLeast } from '@shared/auth';
import type { TeamUser } from '@shared/users';
import { Badge } from '@web/components/ui/badge';
import { type FieldControlProps, FormField } from '@web/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { useAuth } from '@web/lib/use-auth';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useChangeRole } from '../lib/team/api';

type Person = Pick<TeamUser, 'id' | 'role'>;

/** The roles `me` may give: up to their own; Owner only by an Owner. */
export const grantableRoles = (me: Role): Role[] =>
  ROLES.filter((r) => roleAtLeast(me, r) && (r !== 'owner' || me === 'owner'));

/** Whether `me` may change `user`'s role: an Admin or Owner, never their own but an Owner's own. */
export function mayChangeRole(me: Person, user: Person): boolean {
  if (!roleAtLeast(me.role, 'admin')) return false;
  if (user.role === 'owner' || user.id === me.id) return me.role === 'owner';
  return true;
}

/** A colleague's role: a picker for who may change it, a badge for everyone else. */
export function RoleCell({ user, me }: { user: TeamUser; me: Person | null }) {
  const change = useChangeRole();
  if (!me || !mayChangeRole(me, user))
    return (
      <Badge variant={user.role === 'owner' ? 'default' : 'secondary'} data-role={user.role}>
        {ROLE_LABELS[user.role]}
      </Badge>
    );
  const onChange = (role: string) =>
    change.mutate(
      { id: user.id, role: role as Role },
      {
        onSuccess: (changed) =>
          toast({
            title: 'Role changed',
            description: `${changed.username} is now ${ROLE_LABELS[changed.role]}.`,
          }),
        onError: (error) =>
          toast({
            title: 'Failed to change the role',
            description: errorMessage(error, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  return (
    <Select value={user.role} onValueChange={onChange} disabled={change.isPending}>
      <SelectTrigger className="h-8 w-32" aria-label={`Role of ${user.username}`} data-role={user.role}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {grantableRoles(me.role).map((r) => (
          <SelectItem key={r} value={r}>
            {ROLE_LABELS[r]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** The role picker of a form (adding or inviting someone): the roles the signed-in person may give. */
export function RoleSelect({
  value,
  onChange,
  control,
  me,
}: {
  value: Role | undefined;
  onChange: (role: Role) => void;
  control: FieldControlProps;
  me: Role;
}) {
  return (
    <Select value={value} onValueChange={(r) => onChange(r as Role)}>
      <SelectTrigger
        id={control.id}
        aria-invalid={control['aria-invalid']}
        aria-describedby={control['aria-describedby']}
      >
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {grantableRoles(me).map((r) => (
          <SelectItem key={r} value={r}>
            {ROLE_LABELS[r]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** The Role field of a form whose `role` field holds a role (adding or inviting someone). */
export function RoleField<T extends FieldValues>({
  control,
  error,
}: {
  control: Control<T>;
  error?: string;
}) {
  const { user: me } = useAuth();
  return (
    <FormField label="Role" error={error}>
      {(field) => (
        <Controller
          control={control}
          name={'role' as Path<T>}
          render={({ field: role }) => (
            <RoleSelect
              value={role.value as Role | undefined}
              onChange={role.onChange}
              control={field}
              me={me?.role ?? 'viewer'}
            />
          )}
        />
      )}
    </FormField>
  );
}
