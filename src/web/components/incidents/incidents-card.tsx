import { IncidentItem } from '@web/components/incident-item';
import { SectionQuery } from '@web/components/section-query';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import type { ReactNode } from 'react';
import { type IncidentFilter, useIncidents } from '../../lib/incidents/api';

/** Incidents of a check, a website or a client on its page, newest first (open ones on top). */
export function IncidentsCard({
  title,
  filter,
  empty,
  limit = 20,
  action,
}: {
  title: string;
  filter: IncidentFilter;
  /** What no incident means here. */
  empty: string;
  limit?: number;
  action?: ReactNode;
}) {
  const incidents = useIncidents(filter);
  return (
    <Card className="min-w-0">
      <CardHeader className="flex flex-row items-center justify-between gap-2 pb-3">
        <CardTitle className="text-base">{title}</CardTitle>
        {action}
      </CardHeader>
      <CardContent>
        <SectionQuery query={incidents} loading="Loading incidents..." failed="Could not load the incidents">
          {({ data }) =>
            data.length === 0 ? (
              <p className="text-sm text-muted-foreground">{empty}</p>
            ) : (
              <ul className="grid gap-3">
                {data.slice(0, limit).map((i) => (
                  <IncidentItem key={i.id} incident={i} compact />
                ))}
              </ul>
            )
          }
        </SectionQuery>
      </CardContent>
    </Card>
  );
}
