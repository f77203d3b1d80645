import { ExportButton } from '@web/components/export-button';
import { RoleGate } from '@web/components/role-gate';
import { ManageTagsDialog } from '@web/components/tags/manage-tags-dialog';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { useTags } from '@web/lib/tags/api';
import { Plus, Search, Tags } from 'lucide-react';
import { STATUS_FILTERS, type StatusFilter } from './filter';

interface ClientsToolbarProps {
  search: string;
  onSearchChange: (search: string) => void;
  status: StatusFilter;
  onStatusChange: (status: StatusFilter) => void;
  /** A tag id as text, or undefined for every tag. */
  tag: string | undefined;
  onTagChange: (tag: string | undefined) => void;
  onAdd: () => void;
}

export function ClientsToolbar({
  search,
  onSearchChange,
  status,
  onStatusChange,
  tag,
  onTagChange,
  onAdd,
}: ClientsToolbarProps) {
  const tags = useTags();
  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-center">
      <div className="relative md:max-w-sm md:flex-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
          placeholder="Search clients..."
          aria-label="Search clients"
          className="pl-9"
        />
      </div>
      <div className="flex flex-wrap items-center gap-2 md:ml-auto">
        <Select value={status} onValueChange={(value) => onStatusChange(value as StatusFilter)}>
          <SelectTrigger aria-label="Status filter" className="w-full sm:w-40">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {STATUS_FILTERS.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {(tags.data?.length ?? 0) > 0 && (
          <Select value={tag ?? 'all'} onValueChange={(v) => onTagChange(v === 'all' ? undefined : v)}>
            <SelectTrigger aria-label="Tag filter" className="w-full sm:w-36">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">All tags</SelectItem>
              {tags.data?.map((t) => (
                <SelectItem key={t.id} value={String(t.id)}>
                  <span className="inline-block size-2.5 rounded-full" style={{ backgroundColor: t.color }} />
                  {t.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
        <div className="grid flex-1 grid-cols-2 gap-2 sm:flex sm:flex-none">
          <ExportButton
            href="/api/clients/export.csv"
            description="Export CSV of the clients"
            className="col-span-2 sm:col-span-1"
          />
          <ManageTagsDialog
            trigger={
              <Button variant="outline">
                <Tags aria-hidden="true" />
                Manage Tags
              </Button>
            }
          />
          <RoleGate need="staff" everyClient className="[&>button]:flex-1">
            <Button onClick={onAdd}>
              <Plus aria-hidden="true" />
              Add Client
            </Button>
          </RoleGate>
        </div>
      </div>
    </div>
  );
}
