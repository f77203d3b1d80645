import { usePageTitle } from '@web/app/page-title';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { AddUserForm } from './add-user-form';
import { UsersTable } from './users-table';

export function TeamPage() {
  usePageTitle('Team', 'People who can sign in to Agency Hub');
  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6">
      <h2 className="text-2xl font-semibold tracking-tight">Team</h2>
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
    </div>
  );
}
