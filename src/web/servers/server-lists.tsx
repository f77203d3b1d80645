import type { Server } from '@shared/servers';
import { ExternalLinkButton, httpsUrl } from '@web/components/external-link-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

function ListCard({
  title,
  caption,
  empty,
  children,
}: {
  title: string;
  caption?: string;
  empty: string;
  children: ReactNode[];
}) {
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="text-base">
          {title} <span className="font-normal text-muted-foreground">({children.length})</span>
        </CardTitle>
        {caption && <CardDescription>{caption}</CardDescription>}
      </CardHeader>
      <CardContent>
        {children.length === 0 ? (
          <p className="text-sm text-muted-foreground">{empty}</p>
        ) : (
          <ul className="grid max-h-96 divide-y overflow-y-auto rounded-md border">{children}</ul>
        )}
      </CardContent>
    </Card>
  );
}

const row = 'flex items-center justify-between gap-3 px-3 py-2 text-sm';

export function ServerSitesList({ sites }: { sites: Server['sites'] }) {
  return (
    <ListCard title="Sites" caption="WordPress sites hosted on this server" empty="No sites on this server">
      {sites.map((site) => (
        <li key={site.id} className={row}>
          <div className="min-w-0">
            <Link
              href={`/websites/${site.id}`}
              className="font-medium break-all text-primary hover:underline"
            >
              {site.url}
            </Link>
            <p className="text-xs text-muted-foreground">ID: {site.id}</p>
          </div>
          <ExternalLinkButton href={httpsUrl(site.url)} label={`Open ${site.url} in a new tab`} />
        </li>
      ))}
    </ListCard>
  );
}

export function SystemUsersList({ users }: { users: Server['system_users'] }) {
  return (
    <ListCard title="System Users" empty="No system users">
      {users.map((user) => (
        <li key={user.id} className={row}>
          <span className="font-mono break-all">{user.username}</span>
          <span className="shrink-0 text-xs text-muted-foreground">ID: {user.id}</span>
        </li>
      ))}
    </ListCard>
  );
}

export function SshKeysList({ keys }: { keys: Server['ssh_keys'] }) {
  return (
    <ListCard title="SSH Keys" empty="No SSH keys">
      {keys.map((key) => (
        <li key={key.id} className={row}>
          <span className="font-medium break-all">{key.name}</span>
          <span className="shrink-0 text-xs text-muted-foreground">ID: {key.id}</span>
        </li>
      ))}
    </ListCard>
  );
}
