import { exportUrl } from '@shared/exports';
import { ExportButton } from '@web/components/export-button';
import { OptionPicker } from '@web/components/option-picker';
import { RefreshButton } from '@web/components/refresh-button';
import { SearchInput } from '@web/components/search-input';
import { Button } from '@web/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Settings } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { type SiteParams, useSiteOptions } from './api';

const ALL = 'all';
const STATUSES = [
  ['active', 'Active'],
  ['pending', 'Pending'],
  ['error', 'Error'],
] as const;
const MONITORS = [
  ['up', 'Monitor up'],
  ['down', 'Monitor down'],
  ['paused', 'Monitor paused'],
  ['none', 'No monitor'],
] as const;

interface WebsitesToolbarProps {
  search: string;
  onSearch: (value: string) => void;
  params: SiteParams;
  onChange: (patch: Partial<Record<'server' | 'tag' | 'status' | 'monitor', string | undefined>>) => void;
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
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchInput
          value={search}
          onChange={onSearch}
          placeholder="Search sites by URL..."
          label="Search sites"
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
            href={exportUrl('/api/websites/export.csv', {
              q: search.trim(),
              serverId: params.server,
              tagId: params.tag,
              status: params.status,
              monitor: params.monitor,
            })}
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
          <SelectTrigger aria-label="Tag filter" className="sm:w-36">
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
          <SelectTrigger aria-label="Status filter" className="sm:w-32">
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
          value={params.monitor ?? ALL}
          onValueChange={(monitor) => onChange({ monitor: monitor === ALL ? undefined : monitor })}
        >
          <SelectTrigger aria-label="Monitor filter" className="sm:w-40">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>Any monitor</SelectItem>
            {MONITORS.map(([value, label]) => (
              <SelectItem key={value} value={value}>
                {label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}
