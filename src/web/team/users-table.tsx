import { roleAtLeast } from '@shared/auth';
import { RoleGate } from '@web/components/role-gate';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { formatDateTime, formatRelativeTime } from '@web/lib/format';
import { useAuth } from '@web/lib/use-auth';
import { useUsers } from '../lib/team/api';
import { ClientScopeCell } from './client-scope';
import { RemoveUserButton } from './remove-user-button';
import { RoleCell } from './role-select';

export function UsersTable() {
  const users = useUsers();
  const { user: me } = useAuth();
  // Whose clients are chosen is the team's business: an Admin's or Owner's.
  const mayChangeScope = me ? roleAtLeast(me.role, 'admin') : false;

  if (users.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
        <Spinner /> Loading users...
      </p>
    );
  }
  if (users.isError) {
    return (
      <div role="alert" className="py-6 text-sm">
        <p className="font-medium text-destructive-text">Failed to load users</p>
        <p className="text-muted-foreground">{errorMessage(users.error, '')}</p>
      </div>
    );
  }
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">Team members</caption>
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            <th scope="col" className="w-16 py-2 pr-4 font-medium">
              ID
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Username
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Email
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Role
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Clients
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              2FA
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Last sign-in
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.data.map((user) => (
            <tr key={user.id} className="border-b last:border-0">
              <td className="py-2.5 pr-4 tabular-nums text-muted-foreground">{user.id}</td>
              <td className="py-2.5 pr-4 font-medium whitespace-nowrap">
                {user.username}
                {user.id === me?.id && (
                  <span className="ml-1.5 font-normal text-muted-foreground">(you)</span>
                )}
              </td>
              <td className="py-2.5 pr-4 whitespace-nowrap">{user.email}</td>
              <td className="py-1.5 pr-4">
                <RoleCell user={user} me={me} />
              </td>
              <td className="py-1.5 pr-4 whitespace-nowrap">
                <ClientScopeCell user={user} canChange={mayChangeScope} />
              </td>
              <td className="py-2.5 pr-4 whitespace-nowrap">
                {user.twoFactor ? 'On' : <span className="text-muted-foreground">Off</span>}
              </td>
              <td className="py-2.5 pr-4 whitespace-nowrap">
                {user.lastSignInAt ? (
                  <time dateTime={user.lastSignInAt} title={formatDateTime(user.lastSignInAt)}>
                    {formatRelativeTime(user.lastSignInAt)}
                  </time>
                ) : (
                  <span className="text-muted-foreground">Never</span>
                )}
              </td>
              <td className="py-1.5 text-right">
                {user.id !== me?.id && (
                  <RoleGate need={user.role === 'owner' ? 'owner' : 'admin'}>
                    <RemoveUserButton user={user} />
                  </RoleGate>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
