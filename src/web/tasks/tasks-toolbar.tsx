import { TASK_PRIORITIES, TASK_STATUSES } from '@shared/tasks';
import { SearchInput } from '@web/components/search-input';
import { Button } from '@web/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Plus } from 'lucide-react';
import { PRIORITY_LABELS, type PriorityFilter, STATUS_LABELS, type StatusFilter } from './filter';

interface TasksToolbarProps {
  search: string;
  onSearchChange: (search: string) => void;
  status: StatusFilter;
  onStatusChange: (status: StatusFilter) => void;
  priority: PriorityFilter;
  onPriorityChange: (priority: PriorityFilter) => void;
  onAdd: () => void;
}

export function TasksToolbar(props: TasksToolbarProps) {
  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-center">
      <SearchInput
        value={props.search}
        onChange={props.onSearchChange}
        placeholder="Search tasks..."
        label="Search tasks"
        className="md:max-w-sm md:flex-1"
      />
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center md:ml-auto">
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
        <Button onClick={props.onAdd} className="col-span-2 sm:col-auto">
          <Plus aria-hidden="true" />
          Add Task
        </Button>
      </div>
    </div>
  );
}
