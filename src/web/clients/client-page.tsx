import type { Client } from '@shared/clients';
import { usePageTitle } from '@web/app/page-title';
import { ClientBackupsCard } from '@web/components/backups/client-backups-card';
import { ActivityCard } from '@web/components/dashboard/recent-activity';
import { DetailHeader, DetailStates } from '@web/components/detail-states';
import { IncidentsCard } from '@web/components/incidents/incidents-card';
import { MaintenanceCard } from '@web/components/maintenance/maintenance-card';
import { RoleGate } from '@web/components/role-gate';
import { TagsEditor } from '@web/components/tags/tags-editor';
import { OpenTasksCard } from '@web/components/tasks/open-tasks-card';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { FileText, Mail, Pencil, Phone } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { useClient } from '../lib/clients/client-api';
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
            <RoleGate need="staff">
              <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
                <Pencil aria-hidden="true" />
                Edit
              </Button>
            </RoleGate>
          </div>
        }
      />
      <div className="grid min-w-0 gap-4 lg:grid-cols-3">
        <div className="grid min-w-0 content-start gap-4">
          <ContactCard client={client} />
          <MaintenanceCard
            filter={{ clientId: client.id }}
            targets={{ clientId: client.id }}
            label={`every website of ${client.name}`}
            empty="None on or planned. Start one before work on this client's websites, so nobody is alerted for it."
          />
          <ClientBackupsCard clientId={client.id} />
        </div>
        <div className="grid min-w-0 gap-4 lg:col-span-2">
          <IncidentsCard
            title="Open incidents"
            filter={{ clientId: client.id, status: 'open' }}
            empty="No open incidents: every monitored website is up."
          />
          <OpenTasksCard
            about={{ clientId: client.id }}
            empty="No open tasks for this client."
            action={
              <Link href={`/tasks?client=${client.id}`} className="text-sm text-primary-text hover:underline">
                All tasks
              </Link>
            }
          />
        </div>
      </div>
      <ClientWebsitesCard client={client} />
      <ActivityCard
        about={{ clientId: client.id }}
        label="Client activity"
        empty="Nothing has happened to this client or its websites yet."
      />
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
