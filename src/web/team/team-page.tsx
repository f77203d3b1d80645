import { usePageTitle } from '@web/app/page-title';
import { useCan } from '@web/components/role-gate';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { AddUserForm } from './add-user-form';
import { InvitationsTable } from './invitations-table';
import { InviteButton } from './invite-dialog';
import { UsersTable } from './users-table';

export function TeamPage() {
  usePageTitle('Team', 'People who can sign in to Agency Hub');
  const isAdmin = useCan('admin');
  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-2xl font-semibold tracking-tight">Team</h2>
        <InviteButton />
      </div>
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Card>
          <CardHeader>
            <CardTitle>Add a team member</CardTitle>
            <CardDescription>They sign in with this username and password.</CardDescription>
          </CardHeader>
          <CardContent>
            <AddUserForm />
          </CardContent>
        </Card>
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>Members</CardTitle>
          </CardHeader>
          <CardContent>
            <UsersTable />
          </CardContent>
        </Card>
      </div>
      {isAdmin && (
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>Pending invitations</CardTitle>
            <CardDescription>
              Invited people who have not joined yet. Resend gives a new link; the old one stops working.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <InvitationsTable />
          </CardContent>
        </Card>
      )}
    </div>
  );
}
