import type { Server } from '@shared/servers';
import { usePageTitle } from '@web/app/page-title';
import { DetailHeader, DetailStates } from '@web/components/detail-states';
import { InfoCard } from '@web/components/info-list';
import { MaintenanceCard } from '@web/components/maintenance/maintenance-card';
import { RawData } from '@web/components/raw-data';
import { ProviderStatusBadge } from '@web/components/status-badge';
import { SyncStatus } from '@web/components/sync-status';
import { orDash } from '@web/lib/format';
import { BarChart3, Cpu, Info } from 'lucide-react';
import { useParams } from 'wouter';
import { type ServerDetail, useServer } from '../lib/servers/api';
import { serverIp, serverName } from './filter';
import { ServerSitesList, SshKeysList, SystemUsersList } from './server-lists';

const back = { href: '/servers', label: 'Back to Servers' };

export function ServerDetailPage() {
  const id = useParams<{ id: string }>().id ?? '';
  const server = useServer(id);
  usePageTitle(server.data ? serverName(server.data.data) : 'Server details', 'GridPane server');
  return (
    <DetailStates
      id={id}
      back={back}
      query={server}
      texts={{
        noId: 'No server ID provided',
        loading: 'Loading server details...',
        error: 'Error loading server',
        errorFallback: 'Unable to fetch server details',
        notFound: 'Server not found',
      }}
    >
      {() => <ServerDetailView detail={server.data as ServerDetail} />}
    </DetailStates>
  );
}

function ServerDetailView({ detail }: { detail: ServerDetail }) {
  const server: Server = detail.data;
  return (
    <>
      <DetailHeader
        back={back}
        title={serverName(server)}
        subtitle={`Server ID: ${server.id}`}
        aside={<ProviderStatusBadge status={server.status} />}
      />
      <SyncStatus meta={detail} />
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <InfoCard
          title="Server Info"
          icon={Info}
          items={[
            { label: 'IP Address', value: <span className="font-mono">{orDash(serverIp(server))}</span> },
            { label: 'Region', value: orDash(server.region_label || server.region) },
            { label: 'OS Version', value: orDash(server.os_version) },
            { label: 'Provider', value: orDash(server.provider?.full_name || server.provider?.name) },
          ]}
        />
        <InfoCard
          title="Resources"
          icon={Cpu}
          items={[
            { label: 'CPU Cores', value: orDash(server.cpu) },
            { label: 'RAM', value: server.ram === null ? '—' : `${server.ram.toLocaleString('en-US')} MB` },
            { label: 'Database', value: orDash(server.database) },
            { label: 'Web Server', value: orDash(server.webserver) },
          ]}
        />
        <InfoCard
          title="Statistics"
          icon={BarChart3}
          items={[
            { label: 'Sites', value: server.sites.length || server.sites_count },
            { label: 'System Users', value: server.system_users.length },
            { label: 'SSH Keys', value: server.ssh_keys.length },
            { label: 'Subdomain', value: orDash(server.subdomain) },
          ]}
        />
      </div>
      <MaintenanceCard
        filter={{ serverId: String(server.id) }}
        targets={{ serverId: String(server.id) }}
        label={`every website on ${serverName(server)}`}
        empty="None on or planned. Start one before work on this server, so nobody is alerted for its websites."
      />
      <ServerSitesList sites={server.sites} />
      <div className="grid gap-4 md:grid-cols-2">
        <SystemUsersList users={server.system_users} />
        <SshKeysList keys={server.ssh_keys} />
      </div>
      <RawData data={server} label="Raw server data" />
    </>
  );
}
