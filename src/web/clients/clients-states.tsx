import { RoleGate, useLimitedToClients } from '@web/components/role-gate';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Plus, RotateCw, TriangleAlert, Users } from 'lucide-react';

export function ClientsError({
  message,
  onRetry,
  retrying,
}: {
  message: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <Card>
      <CardContent role="alert" className="flex flex-col items-center gap-3 px-6 py-12 text-center">
        <TriangleAlert className="size-10 text-destructive-text" aria-hidden="true" />
        <h2 className="text-lg font-semibold">Unable to load clients</h2>
        <p className="max-w-md text-sm text-muted-foreground">{message}</p>
        <Button variant="outline" onClick={onRetry} disabled={retrying}>
          <RotateCw aria-hidden="true" className={retrying ? 'animate-spin' : undefined} />
          Retry
        </Button>
      </CardContent>
    </Card>
  );
}

export function ClientsEmpty({ filtered, onAdd }: { filtered: boolean; onAdd: () => void }) {
  const limited = useLimitedToClients();
  return (
    <Card className="border-dashed">
      <CardContent className="flex flex-col items-center gap-3 px-6 py-14 text-center">
        <Users className="size-10 text-muted-foreground/70" aria-hidden="true" />
        <h2 className="text-lg font-semibold">No clients found</h2>
        <p className="text-sm text-muted-foreground">
          {filtered
            ? 'Try adjusting your filters'
            : limited
              ? 'None of the clients you were given is here any more: ask an Admin of your agency.'
              : 'Get started by adding your first client'}
        </p>
        {!filtered && !limited && (
          <RoleGate need="staff" className="mt-2">
            <Button onClick={onAdd}>
              <Plus aria-hidden="true" />
              Add Client
            </Button>
          </RoleGate>
        )}
      </CardContent>
    </Card>
  );
}
