import type { ClientWebsite } from '@shared/clients';
import { HealthBadge } from '@web/components/health-badge';
import { MeasuredUptime, SPAN_MS } from '@web/components/measured-uptime';
import { RoleGate } from '@web/components/role-gate';
import { SectionQuery } from '@web/components/section-query';
import { RiskPill } from '@web/components/severity';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { formatResponseTime } from '@web/lib/format';
import { Globe, Plus, Unlink } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { useClientWebsites, useSetWebsiteClient } from '../lib/clients/client-api';
import { AssignWebsitesDialog } from './assign-websites-dialog';

/** Every website of the client: its health (as every page shows it), its 30 days, versions, server. */
export function ClientWebsitesCard({ client }: { client: { id: number; name: string } }) {
  const websites = useClientWebsites(String(client.id));
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<ClientWebsite | null>(null);
  const unlink = useSetWebsiteClient();
  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await unlink.mutateAsync({ websiteId: removing.id, clientId: null });
      toast({
        title: `${removing.domain} removed from ${client.name}`,
        description: 'The website itself is kept.',
      });
      setRemoving(null);
    } catch (error) {
      toast({
        title: 'Failed to remove the website',
        description: errorMessage(error, ''),
        variant: 'destructive',
      });
    }
  };
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 pb-3">
        <CardTitle className="text-base">
          Websites
          {websites.data && (
            <span className="ml-2 text-sm font-normal text-muted-foreground">{websites.data.length}</span>
          )}
        </CardTitle>
        <RoleGate need="staff">
          <Button size="sm" variant="outline" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            Add websites
          </Button>
        </RoleGate>
      </CardHeader>
      <CardContent>
        <SectionQuery query={websites} loading="Loading websites..." failed="Could not load the websites">
          {(rows) =>
            rows.length === 0 ? (
              <div className="flex flex-col items-center gap-2 py-6 text-center">
                <Globe className="size-8 text-muted-foreground/60" aria-hidden="true" />
                <p className="text-sm text-muted-foreground">
                  No websites yet. Add the websites that belong to {client.name}.
                </p>
              </div>
            ) : (
              <div className="relative -mx-6 overflow-x-auto px-6">
                <table className="w-full min-w-[52rem] text-sm">
                  <caption className="sr-only">Websites of {client.name}</caption>
                  <thead className="text-left text-xs text-muted-foreground">
                    <tr className="border-b">
                      <th scope="col" className="py-2 pr-3 font-medium">
                        Website
                      </th>
                      <th scope="col" className="py-2 pr-3 font-medium">
                        Health
                      </th>
                      <th scope="col" className="py-2 pr-3 font-medium">
                        Security
                      </th>
                      <th scope="col" className="py-2 pr-3 text-right font-medium">
                        Uptime (30 d)
                      </th>
                      <th scope="col" className="py-2 pr-3 text-right font-medium">
                        Response
                      </th>
                      <th scope="col" className="py-2 pr-3 font-medium">
                        WordPress
                      </th>
                      <th scope="col" className="py-2 pr-3 font-medium">
                        PHP
                      </th>
                      <th scope="col" className="py-2 pr-3 font-medium">
                        Server
                      </th>
                      <th scope="col" className="py-2 font-medium">
                        <span className="sr-only">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((w) => (
                      <WebsiteRow key={w.id} website={w} onRemove={() => setRemoving(w)} />
                    ))}
                  </tbody>
                </table>
              </div>
            )
          }
        </SectionQuery>
      </CardContent>
      <AssignWebsitesDialog client={client} open={adding} onOpenChange={setAdding} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove ${removing?.domain ?? 'this website'} from ${client.name}?`}
        description="The website stays in Agency Hub with its checks and tags; it just no longer belongs to this client."
        confirmLabel="Remove"
        onConfirm={confirmRemove}
      />
    </Card>
  );
}

function WebsiteRow({ website: w, onRemove }: { website: ClientWebsite; onRemove: () => void }) {
  const m = w.monitoring;
  return (
    <tr className="border-b last:border-0">
      <td className="max-w-56 py-2 pr-3">
        <Link href={`/websites/internal/${w.id}`} className="block truncate font-medium hover:underline">
          {w.domain}
        </Link>
        <span className="flex flex-wrap gap-1 text-xs text-muted-foreground">
          {w.status}
          {w.environment === 'staging' && <Badge variant="outline">staging</Badge>}
          {w.removed && <Badge variant="outline">removed at provider</Badge>}
        </span>
      </td>
      <td className="py-2 pr-3" data-column="health">
        <HealthBadge
          health={w.health}
          sourceHref={
            w.health.source === 'check' && m?.source === 'check' ? `/uptime/checks/${m.id}` : undefined
          }
        />
      </td>
      <td className="py-2 pr-3" data-column="security">
        <RiskPill risk={w.risk} websiteHref={`/websites/internal/${w.id}`} />
      </td>
      <td className="py-2 pr-3 text-right tabular-nums">
        {m ? <MeasuredUptime percent={m.uptime} measuredFrom={m.measuredFrom} spanMs={SPAN_MS.month} /> : '—'}
      </td>
      <td className="py-2 pr-3 text-right tabular-nums">{m ? formatResponseTime(m.responseMs) : '—'}</td>
      <td className="py-2 pr-3">{w.wordpressVersion ?? <span className="text-muted-foreground">—</span>}</td>
      <td className="py-2 pr-3">{w.phpVersion ?? <span className="text-muted-foreground">—</span>}</td>
      <td className="max-w-40 truncate py-2 pr-3">
        {w.serverId ? (
          <Link href={`/servers/${w.serverId}`} className="hover:underline">
            {w.serverLabel ?? w.serverId}
          </Link>
        ) : (
          <span className="text-muted-foreground">—</span>
        )}
      </td>
      <td className="py-2 text-right">
        <RoleGate need="staff" className="ml-auto w-fit">
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Remove ${w.domain} from this client`}
            onClick={onRemove}
          >
            <Unlink aria-hidden="true" />
          </Button>
        </RoleGate>
      </td>
    </tr>
  );
}
