import { exportUrl } from '@shared/exports';
import type { Server } from '@shared/servers';
import type { Tag } from '@shared/tags';
import { ExportButton } from '@web/components/export-button';
import { RefreshButton } from '@web/components/refresh-button';
import { SearchInput } from '@web/components/search-input';
import { Button } from '@web/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Settings } from 'lucide-react';
import { Link } from 'wouter';
import { ALL, type SiteFilters } from './filter';

interface WebsitesToolbarProps {
  filters: SiteFilters;
  onChange: (filters: SiteFilters) => void;
  servers: readonly Server[];
  tags: readonly Tag[];
  refreshing: boolean;
  onRefresh: () => void;
}

export function WebsitesToolbar({
  filters,
  onChange,
  servers,
  tags,
  refreshing,
  onRefresh,
}: WebsitesToolbarProps) {
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
      <SearchInput
        value={filters.search}
        onChange={(search) => onChange({ ...filters, search })}
        placeholder="Search sites by URL..."
        label="Search sites"
        className="lg:max-w-sm lg:flex-1"
      />
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center lg:ml-auto">
        <Select value={filters.serverId} onValueChange={(serverId) => onChange({ ...filters, serverId })}>
          <SelectTrigger aria-label="Server filter" className="sm:w-44">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All servers</SelectItem>
            {servers.map((server) => (
              <SelectItem key={server.id} value={String(server.id)}>
                {server.label || server.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select value={filters.tagId} onValueChange={(tagId) => onChange({ ...filters, tagId })}>
          <SelectTrigger aria-label="Tag filter" className="sm:w-40">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All tags</SelectItem>
            {tags.map((tag) => (
              <SelectItem key={tag.id} value={String(tag.id)}>
                <span className="inline-block size-2.5 rounded-full" style={{ backgroundColor: tag.color }} />
                {tag.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <RefreshButton loading={refreshing} onClick={onRefresh} />
        <Button variant="outline" asChild>
          <Link href="/integrations">
            <Settings aria-hidden="true" />
            Configuration
          </Link>
        </Button>
        <ExportButton
          href={exportUrl('/api/websites/export.csv', {
            q: filters.search.trim(),
            serverId: filters.serverId === ALL ? undefined : filters.serverId,
            tagId: filters.tagId === ALL ? undefined : filters.tagId,
          })}
          description="Export CSV of the websites shown"
          className="col-span-2 sm:col-span-1"
        />
      </div>
    </div>
  );
}
