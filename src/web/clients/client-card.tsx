import type { Client } from '@shared/clients';
import { ClientReportLink } from '@web/components/report-link';
import { TagsEditor } from '@web/components/tags/tags-editor';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Mail, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ClientActionsMenu } from './client-actions-menu';
import { ClientStatusBadge } from './client-status-badge';
import { initials, roleLine } from './filter';

interface ClientCardProps {
  client: Client;
  onEdit: (client: Client) => void;
  onDelete: (client: Client) => void;
}

export function ClientCard({ client, onEdit, onDelete }: ClientCardProps) {
  const role = roleLine(client.jobTitle, client.company);
  return (
    <Card
      className="flex min-w-0 flex-col gap-4 p-5"
      aria-labelledby={`client-${client.id}-name`}
      role="article"
    >
      <div className="flex items-start gap-3">
        <div
          aria-hidden="true"
          className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary-text"
        >
          {initials(client.name)}
        </div>
        <div className="min-w-0 flex-1">
          <h2
            id={`client-${client.id}-name`}
            className="line-clamp-2 font-semibold leading-tight break-words"
          >
            <Link href={`/clients/${client.id}`} className="hover:underline">
              {client.name}
            </Link>
          </h2>
          {role && <p className="mt-0.5 line-clamp-2 text-sm break-words text-muted-foreground">{role}</p>}
          <ClientStatusBadge status={client.status} className="mt-1.5" />
        </div>
        <ClientActionsMenu
          id={client.id}
          name={client.name}
          onEdit={() => onEdit(client)}
          onDelete={() => onDelete(client)}
        />
      </div>

      <dl className="grid gap-1.5 text-sm">
        <div className="flex min-w-0 items-center gap-2">
          <dt className="sr-only">Email</dt>
          <Mail className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <dd className={client.email ? 'truncate' : 'text-muted-foreground'}>
            {client.email ?? 'No email'}
          </dd>
        </div>
        <div className="flex min-w-0 items-center gap-2">
          <dt className="sr-only">Phone</dt>
          <Phone className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <dd className={client.phone ? 'truncate' : 'text-muted-foreground'}>
            {client.phone ?? 'No phone'}
          </dd>
        </div>
      </dl>
      {client.notes && (
        <p className="line-clamp-3 text-sm whitespace-pre-line text-muted-foreground" title={client.notes}>
          {client.notes}
        </p>
      )}

      <TagsEditor
        resourceType="clients"
        resourceId={client.id}
        tags={client.tags}
        resourceName={client.name}
      />

      <div className="mt-auto grid grid-cols-3 gap-2 border-t pt-4">
        <ContactButton
          href={client.email ? `mailto:${client.email}` : undefined}
          label="Email"
          name={client.name}
        >
          <Mail aria-hidden="true" />
        </ContactButton>
        <ContactButton
          href={client.phone ? `tel:${client.phone}` : undefined}
          label="Call"
          name={client.name}
        >
          <Phone aria-hidden="true" />
        </ContactButton>
        <ClientReportLink clientId={client.id} name={client.name} />
      </div>
    </Card>
  );
}

interface ContactButtonProps {
  href?: string;
  label: string;
  name: string;
  children: ReactNode;
}

/** A mailto:/tel: link styled as a button; a disabled button when there is nothing to contact. */
function ContactButton({ href, label, name, children }: ContactButtonProps) {
  if (!href) {
    return (
      <Button variant="outline" size="sm" disabled>
        {children}
        {label}
      </Button>
    );
  }
  return (
    <Button variant="outline" size="sm" asChild>
      <a href={href} aria-label={`${label} ${name}`}>
        {children}
        {label}
      </a>
    </Button>
  );
}
