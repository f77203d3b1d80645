import type { Server } from '@shared/servers';
import { ProviderStatusBadge } from '@web/components/status-badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { orDash } from '@web/lib/format';
import { Eye } from 'lucide-react';
import { Link } from 'wouter';
import { serverIp, serverName } from './filter';
import { PhpVersions } from './server-card';

const th = 'h-10 px-3 text-left align-middle font-medium whitespace-nowrap text-muted-foreground';
const td = 'px-3 py-2.5 align-middle';

export function ServersTable({ servers }: { servers: readonly Server[] }) {
  return (
    <Card className="overflow-hidden">
      <div className="relative overflow-x-auto">
        <table className="w-full text-sm">
          <thead className="border-b bg-muted/40">
            <tr>
              <th className={th}>Server</th>
              <th className={th}>IP Address</th>
              <th className={th}>Status</th>
              <th className={th}>PHP Versions</th>
              <th className={th}>Sites</th>
              <th className={`${th} text-right`}>Actions</th>
            </tr>
          </thead>
          <tbody>
            {servers.map((server) => (
              <tr key={server.id} className="border-b last:border-0 hover:bg-muted/30">
                <td className={`${td} font-medium`}>{serverName(server)}</td>
                <td className={`${td} font-mono whitespace-nowrap`}>{orDash(serverIp(server))}</td>
                <td className={td}>
                  <ProviderStatusBadge status={server.status} />
                </td>
                <td className={td}>
                  <PhpVersions versions={server.php_versions} />
                </td>
                <td className={td}>{server.sites_count}</td>
                <td className={`${td} text-right`}>
                  <Button variant="outline" size="sm" asChild>
                    <Link href={`/servers/${server.id}`} aria-label={`View details of ${serverName(server)}`}>
                      <Eye aria-hidden="true" />
                      View Details
                    </Link>
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
