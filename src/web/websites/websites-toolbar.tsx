import { exportUrl } from '@shared/exports';
import { HEALTH_LABELS, HEALTH_STATES, WEBSITE_HOST_NAMES, WEBSITE_HOSTS } from '@shared/websites';
import { ClientFilter } from '@web/components/client-filter';
import { ExportButton } from '@web/components/export-button';
import { OptionPicker } from '@web/components/option-picker';
import { RefreshButton } from '@web/components/refresh-button';
import { SearchInput } from '@web/components/search-input';
import { Button } from '@web/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Settings } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { useSiteOptions } from '../lib/websites/api';
import { healthParam, type WebsiteParams, websiteListQuery } from '../lib/websites/filter';

const ALL = 'all';
const STATUSES = [
  ['active', 'Active'],
  ['pending', 'Pending'],
  ['error', 'Error'],
] as const;

export type FilterKey = 'server' | 'tag' | 'status' | 'health' | 'monitor' | 'client' | 'host';

interface WebsitesToolbarProps {
  search: string;
  onSearch: (value: string) => void;
  params: WebsiteParams;
  onChange: (patch: Partial<Record<FilterKey, string | undefined>>) => void;
  refreshing: boolean;
  onRefresh: () => void;
}

export function WebsitesToolbar({
  search,
  onSearch,
  params,
  onChange,
  refreshing,
  onRefresh,
}: WebsitesToolbarProps) {
  const [serverSearch, setServerSearch] = useState('');
  const options = useSiteOptions(serverSearch, params.server);
  const servers = options.data?.servers ?? [];
  const tags = options.data?.tags ?? [];
  const selectedServer = servers.find((s) => s.id === params.server)?.label;
  const health = healthParam(params);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchInput
          value={search}
          onChange={onSearch}
          placeholder="Search websites..."
          label="Search websites"
          className="sm:max-w-sm sm:flex-1"
        />
        <div className="grid grid-cols-2 gap-2 sm:ml-auto sm:flex">
          <RefreshButton loading={refreshing} onClick={onRefresh} />
          <Button variant="outline" asChild>
            <Link href="/integrations">
              <Settings aria-hidden="true" />
              Configuration
            </Link>
          </Button>
          <ExportButton
            href={exportUrl('/api/websites/export.csv', websiteListQuery(params))}
            description="Export CSV of the websites shown"
            className="col-span-2 sm:col-span-1"
          />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center">
        <OptionPicker
          label="Server filter"
          allLabel="All servers"
          value={params.server}
          valueLabel={selectedServer}
          options={servers}
          search={serverSearch}
          onSearch={setServerSearch}
          onChange={(server) => onChange({ server })}
          placeholder="Search servers..."
          loading={options.isFetching}
          className="sm:w-44"
        />
        <Select
          value={params.tag ?? ALL}
          onValueChange={(tag) => onChange({ tag: tag === ALL ? undefined : tag })}
        >
          <SelectTrigger aria-label="Tag filter" className="w-full sm:w-36">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All tags</SelectItem>
            {tags.map((tag) => (
              <SelectItem key={tag.id} value={tag.id}>
                {tag.label}
                <span className="text-xs text-muted-foreground tabular-nums">
                  {tag.count.toLocaleString('en-US')}
                </span>
              </SelectItem>
            ))}
            {params.tag && !tags.some((t) => t.id === params.tag) && (
              <SelectItem value={params.tag}>Tag {params.tag}</SelectItem>
            )}
          </SelectContent>
        </Select>
        <Select
          value={params.status ?? ALL}
          onValueChange={(status) => onChange({ status: status === ALL ? undefined : status })}
        >
          <SelectTrigger aria-label="Status filter" className="w-full sm:w-32">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>Any status</SelectItem>
            {STATUSES.map(([value, label]) => (
              <SelectItem key={value} value={value}>
                {label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select
          value={health ?? ALL}
          // The health filter replaces an old link's `monitor`.
          onValueChange={(h) => onChange({ health: h === ALL ? undefined : h, monitor: undefined })}
        >
          <SelectTrigger aria-label="Health filter" className="w-full sm:w-40">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>Any health</SelectItem>
            {HEALTH_STATES.map((state) => (
              <SelectItem key={state} value={state}>
                {HEALTH_LABELS[state]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select
          value={params.host ?? ALL}
          onValueChange={(h) => onChange({ host: h === ALL ? undefined : h })}
        >
          <SelectTrigger aria-label="Host filter" className="w-full sm:w-32">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>Any host</SelectItem>
            {WEBSITE_HOSTS.map((host) => (
              <SelectItem key={host} value={host}>
                {WEBSITE_HOST_NAMES[host]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <ClientFilter
          value={params.client}
          onChange={(client) => onChange({ client })}
          className="col-span-2 w-full sm:col-span-1 sm:w-48"
        />
      </div>
    </div>
  );
}
