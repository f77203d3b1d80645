import type { Server } from '@shared/servers';
import { RawData } from '@web/components/raw-data';
import { ProviderStatusBadge } from '@web/components/status-badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { orDash } from '@web/lib/format';
import { Eye } from 'lucide-react';
import { Link } from 'wouter';
import { serverIp, serverName } from './filter';

export function PhpVersions({ versions }: { versions: readonly string[] }) {
  return versions.length === 0 ? '—' : versions.join(', ');
}

export function ServerCard({ server }: { server: Server }) {
  const name = serverName(server);
  const provider = server.provider?.full_name || server.provider?.name;
  const region = server.region_label || server.region;
  return (
    <Card className="flex min-w-0 flex-col">
      <CardHeader className="pb-3">
        <div className="flex items-start justify-between gap-2">
          <CardTitle className="text-base break-all">{name}</CardTitle>
          <ProviderStatusBadge status={server.status} />
        </div>
        <p className="font-mono text-sm text-muted-foreground">{orDash(serverIp(server))}</p>
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-3 text-sm">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
          <dt className="text-muted-foreground">PHP</dt>
          <dd>
            <PhpVersions versions={server.php_versions} />
          </dd>
          <dt className="text-muted-foreground">Sites</dt>
          <dd>{server.sites_count}</dd>
          <dt className="text-muted-foreground">Memory</dt>
          <dd>{orDash(server.memory)}</dd>
          <dt className="text-muted-foreground">Provider</dt>
          <dd className="min-w-0 break-words">{[provider, region].filter(Boolean).join(' · ') || '—'}</dd>
        </dl>
        <RawData data={server} />
      </CardContent>
      <CardFooter>
        <Button variant="outline" size="sm" asChild className="w-full">
          <Link href={`/servers/${server.id}`} aria-label={`View details of ${name}`}>
            <Eye aria-hidden="true" />
            View Details
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
