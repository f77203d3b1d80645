import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { LoadingState } from '@web/components/ui/spinner';
import { useIncidents } from '@web/incidents/api';
import { IncidentItem } from '@web/incidents/incident-item';

/** The check's incidents, newest first (open ones on top). */
export function CheckIncidents({ checkId }: { checkId: number }) {
  const incidents = useIncidents({ checkId });
  const list = incidents.data?.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Incidents</CardTitle>
      </CardHeader>
      <CardContent>
        {incidents.isPending ? (
          <LoadingState text="Loading incidents..." />
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No incidents: it has answered every time it was asked.
          </p>
        ) : (
          <ol className="grid gap-3">
            {list.slice(0, 20).map((i) => (
              <IncidentItem key={i.id} incident={i} compact />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
