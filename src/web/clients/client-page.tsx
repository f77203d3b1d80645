import type { Client } from '@shared/clients';
import type { Task } from '@shared/tasks';
import { usePageTitle } from '@web/app/page-title';
import { DetailHeader, DetailStates } from '@web/components/detail-states';
import { SectionQuery } from '@web/components/section-query';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { ActivityRow } from '@web/dashboard/recent-activity';
import { useIncidents } from '@web/incidents/api';
import { IncidentItem } from '@web/incidents/incident-item';
import { TagsEditor } from '@web/tags/tags-editor';
import { FileText, Mail, Pencil, Phone } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { useClient, useClientActivity, useClientOpenTasks } from './client-api';
import { ClientFormDialog } from './client-form-dialog';
import { ClientStatusBadge } from './client-status-badge';
import { ClientWebsitesCard } from './client-websites-card';
import { roleLine } from './filter';

const back = { href: '/clients', label: 'Back to Clients' };

/** Everything of one client in one place: contact, websites and how they do, incidents, tasks, activity. */
export function ClientPage() {
  const id = useParams<{ id: string }>().id ?? '';
  const client = useClient(id);
  usePageTitle(client.data?.name ?? 'Client', 'Client');
  return (
    <DetailStates
      id={id}
      back={back}
      query={client}
      texts={{
        noId: 'No client ID provided',
        loading: 'Loading...',
        error: 'Error loading client',
        errorFallback: 'Unable to fetch the client',
        notFound: 'Client not found',
      }}
    >
      {() => <ClientView client={client.data as Client} />}
    </DetailStates>
  );
}

function ClientView({ client }: { client: Client }) {
  const [editing, setEditing] = useState(false);
  return (
    <>
      <DetailHeader
        back={back}
        title={client.name}
        subtitle={roleLine(client.jobTitle, client.company) ?? 'Client'}
        aside={
          <div className="flex flex-wrap items-center gap-2">
            <ClientStatusBadge status={client.status} />
            <Button size="sm" variant="outline" asChild>
              <Link href={`/clients/${client.id}/report`}>
                <FileText aria-hidden="true" />
                Report
              </Link>
            </Button>
            <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" />
              Edit
            </Button>
          </div>
        }
      />
      <div className="grid min-w-0 gap-4 lg:grid-cols-3">
        <ContactCard client={client} />
        <div className="grid min-w-0 gap-4 lg:col-span-2">
          <OpenIncidentsCard clientId={client.id} />
          <OpenTasksCard clientId={client.id} />
        </div>
      </div>
      <ClientWebsitesCard client={client} />
      <ClientActivityCard clientId={client.id} />
      <ClientFormDialog open={editing} onOpenChange={setEditing} client={client} />
    </>
  );
}

function ContactCard({ client }: { client: Client }) {
  return (
    <Card className="min-w-0">
      <CardHeader className="pb-3">
        <CardTitle className="text-base">Contact</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p className="flex min-w-0 items-center gap-2">
          <Mail className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          {client.email ? (
            <a href={`mailto:${client.email}`} className="truncate hover:underline">
              {client.email}
            </a>
          ) : (
            <span className="text-muted-foreground">No email</span>
          )}
        </p>
        <p className="flex min-w-0 items-center gap-2">
          <Phone className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          {client.phone ? (
            <a href={`tel:${client.phone}`} className="truncate hover:underline">
              {client.phone}
            </a>
          ) : (
            <span className="text-muted-foreground">No phone</span>
          )}
        </p>
        {client.notes && <p className="whitespace-pre-line text-muted-foreground">{client.notes}</p>}
        <TagsEditor
          resourceType="clients"
          resourceId={client.id}
          tags={client.tags}
          resourceName={client.name}
        />
      </CardContent>
    </Card>
  );
}

function OpenIncidentsCard({ clientId }: { clientId: number }) {
  const incidents = useIncidents({ clientId, status: 'open' });
  return (
    <Card className="min-w-0">
      <CardHeader className="pb-3">
        <CardTitle className="text-base">Open incidents</CardTitle>
      </CardHeader>
      <CardContent>
        <SectionQuery query={incidents} loading="Loading incidents..." failed="Could not load the incidents">
          {({ data }) =>
            data.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                No open incidents: every monitored website is up.
              </p>
            ) : (
              <ul className="grid gap-2">
                {data.map((i) => (
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

const TASK_STATUS: Record<Task['status'], string> = {
  todo: 'To do',
  'in-progress': 'In progress',
  review: 'Review',
  completed: 'Completed',
};

function OpenTasksCard({ clientId }: { clientId: number }) {
  const tasks = useClientOpenTasks(String(clientId));
  return (
    <Card className="min-w-0">
      <CardHeader className="flex flex-row items-center justify-between gap-2 pb-3">
        <CardTitle className="text-base">Open tasks</CardTitle>
        <Link href={`/tasks?client=${clientId}`} className="text-sm text-primary-text hover:underline">
          All tasks
        </Link>
      </CardHeader>
      <CardContent>
        <SectionQuery query={tasks} loading="Loading tasks..." failed="Could not load the tasks">
          {({ rows, open }) =>
            open === 0 ? (
              <p className="text-sm text-muted-foreground">No open tasks for this client.</p>
            ) : (
              <ul className="grid gap-2 text-sm" aria-label="Open tasks">
                {rows.map((t) => (
                  <li key={t.id} className="flex min-w-0 items-center justify-between gap-3">
                    <span className="min-w-0 truncate">{t.title}</span>
                    <span className="shrink-0 text-xs text-muted-foreground">
                      {TASK_STATUS[t.status]}
                      {t.dueDate && ` · due ${t.dueDate}`}
                    </span>
                  </li>
                ))}
                {open > rows.length && (
                  <li className="text-xs text-muted-foreground">and {open - rows.length} more</li>
                )}
              </ul>
            )
          }
        </SectionQuery>
      </CardContent>
    </Card>
  );
}

function ClientActivityCard({ clientId }: { clientId: number }) {
  const activity = useClientActivity(String(clientId));
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">Recent activity</CardTitle>
      </CardHeader>
      <CardContent>
        <SectionQuery query={activity} loading="Loading activity..." failed="Could not load the activity">
          {({ data }) =>
            data.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                Nothing has happened to this client or its websites yet.
              </p>
            ) : (
              <ol aria-label="Client activity" className="grid gap-3">
                {data.map((item) => (
                  <ActivityRow key={item.id} item={item} />
                ))}
              </ol>
            )
          }
        </SectionQuery>
      </CardContent>
    </Card>
  );
}
