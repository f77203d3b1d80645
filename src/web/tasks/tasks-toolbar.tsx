import { TASK_PRIORITIES, TASK_STATUSES } from '@shared/tasks';
import { ClientFilter } from '@web/components/client-filter';
import { RoleGate } from '@web/components/role-gate';
import { SearchInput } from '@web/components/search-input';
import { Button } from '@web/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { useUsers } from '@web/lib/team/api';
import { Plus } from 'lucide-react';
import { PRIORITY_LABELS, type PriorityFilter, STATUS_LABELS, type StatusFilter } from '../lib/tasks/filter';

const ALL = 'all';

interface TasksToolbarProps {
  search: string;
  onSearchChange: (search: string) => void;
  status: StatusFilter;
  onStatusChange: (status: StatusFilter) => void;
  priority: PriorityFilter;
  onPriorityChange: (priority: PriorityFilter) => void;
  /** Client and assignee ids as the address holds them. */
  client: string | undefined;
  onClientChange: (client: string | undefined) => void;
  assignee: string | undefined;
  onAssigneeChange: (assignee: string | undefined) => void;
  onAdd: () => void;
}

export function TasksToolbar(props: TasksToolbarProps) {
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchInput
          value={props.search}
          onChange={props.onSearchChange}
          placeholder="Search tasks..."
          label="Search tasks"
          className="sm:max-w-sm sm:flex-1"
        />
        <RoleGate need="staff">
          <Button onClick={props.onAdd} className="sm:ml-auto">
            <Plus aria-hidden="true" />
            Add Task
          </Button>
        </RoleGate>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center">
        <Select value={props.status} onValueChange={(v) => props.onStatusChange(v as StatusFilter)}>
          <SelectTrigger aria-label="Status filter" className="w-full sm:w-40">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All Statuses</SelectItem>
            {TASK_STATUSES.map((s) => (
              <SelectItem key={s} value={s}>
                {STATUS_LABELS[s]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select value={props.priority} onValueChange={(v) => props.onPriorityChange(v as PriorityFilter)}>
          <SelectTrigger aria-label="Priority filter" className="w-full sm:w-40">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All Priorities</SelectItem>
            {TASK_PRIORITIES.map((p) => (
              <SelectItem key={p} value={p}>
                {PRIORITY_LABELS[p]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <ClientFilter value={props.client} onChange={props.onClientChange} />
        <AssigneeFilter value={props.assignee} onChange={props.onAssigneeChange} />
      </div>
    </div>
  );
}

function AssigneeFilter({ value, onChange }: { value: string | undefined; onChange: (v?: string) => void }) {
  const team = useUsers();
  const users = team.data ?? [];
  return (
    <Select value={value ?? ALL} onValueChange={(v) => onChange(v === ALL ? undefined : v)}>
      <SelectTrigger aria-label="Assignee filter" className="w-full sm:w-40">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL}>All assignees</SelectItem>
        {users.map((u) => (
          <SelectItem key={u.id} value={String(u.id)}>
            {u.username}
          </SelectItem>
        ))}
        {value && !users.some((u) => String(u.id) === value) && (
          <SelectItem value={value}>{team.isPending ? 'Loading...' : 'Former team member'}</SelectItem>
        )}
      </SelectContent>
    </Select>
  );
}
