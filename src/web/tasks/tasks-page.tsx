import type { Task } from '@shared/tasks';
import { usePageTitle } from '@web/app/page-title';
import { ListPager } from '@web/components/list-pager';
import { EmptyState, ErrorState } from '@web/components/page-states';
import { RoleGate } from '@web/components/role-gate';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { LoadingState } from '@web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { errorMessage } from '@web/lib/api';
import { formatCount } from '@web/lib/format';
import { useDebouncedQuery, useListParams } from '@web/lib/use-list-params';
import { Columns3, List, ListTodo, Plus, RotateCw } from 'lucide-react';
import { useCallback, useState } from 'react';
import { TaskFormDialog } from '../components/tasks/task-form-dialog';
import { TASK_PARAM_KEYS, TASKS_PAGE_SIZE, useTaskPage } from '../lib/tasks/api';
import type { PriorityFilter, StatusFilter, TaskCounts } from '../lib/tasks/filter';
import type { TaskHandlers } from './task-actions-menu';
import { TaskBoard } from './task-board';
import { TaskCounters } from './task-counters';
import { TaskList } from './task-list';
import { TasksToolbar } from './tasks-toolbar';
import { useTaskActions } from './use-task-actions';

export const DELETE_TASK_CONFIRM = 'Are you sure you want to delete this task?';

export function TasksPage() {
  usePageTitle('Tasks', 'Plan and track the work for your clients');
  const { params, set } = useListParams(TASK_PARAM_KEYS);
  const [view, setView] = useState('board');
  const tasks = useTaskPage(params, view === 'board' ? 'due' : 'status');
  const actions = useTaskActions();
  const onSettle = useCallback((q: string | undefined) => set({ q }, { replace: true }), [set]);
  const [search, setSearch] = useDebouncedQuery(params.q, onSettle);
  const status = (params.status ?? 'all') as StatusFilter;
  const priority = (params.priority ?? 'all') as PriorityFilter;
  const [form, setForm] = useState<{ open: boolean; task?: Task }>({ open: false });
  const [deleting, setDeleting] = useState<Task>();

  const page = tasks.data;
  const counts: TaskCounts | undefined = page ? { total: page.overall, ...page.counts } : undefined;
  const filtered = page?.data ?? [];
  const isFiltering = Boolean(
    params.q || params.status || params.priority || params.assignee || params.client,
  );
  const openAdd = () => setForm({ open: true });
  const handlers: TaskHandlers = {
    onEdit: (task) => setForm({ open: true, task }),
    onDuplicate: actions.duplicate,
    onDelete: setDeleting,
    onMove: actions.move,
    onToggle: actions.toggle,
  };

  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-6">
      <TaskCounters counts={counts} />
      <TasksToolbar
        search={search}
        onSearchChange={setSearch}
        status={status}
        onStatusChange={(v) => set({ status: v === 'all' ? undefined : v })}
        priority={priority}
        onPriorityChange={(v) => set({ priority: v === 'all' ? undefined : v })}
        client={params.client}
        onClientChange={(client) => set({ client })}
        assignee={params.assignee}
        onAssigneeChange={(assignee) => set({ assignee })}
        onAdd={openAdd}
      />
      {tasks.isPending ? (
        <LoadingState text="Loading tasks..." className="min-h-[40vh]" />
      ) : tasks.isError ? (
        <ErrorState
          title="Unable to load tasks"
          description={errorMessage(tasks.error, 'Failed to load tasks')}
          action={
            <Button variant="outline" onClick={() => void tasks.refetch()} disabled={tasks.isFetching}>
              <RotateCw aria-hidden="true" className={tasks.isFetching ? 'animate-spin' : undefined} />
              Retry
            </Button>
          }
        />
      ) : (
        <Tabs value={view} onValueChange={setView} className="grid min-w-0 grid-cols-1 gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {isFiltering
                ? `${tasks.data.total.toLocaleString('en-US')} of ${formatCount(tasks.data.overall, 'task')}`
                : formatCount(tasks.data.overall, 'task')}
            </p>
            <TabsList aria-label="View">
              <TabsTrigger value="board">
                <Columns3 aria-hidden="true" />
                Board View
              </TabsTrigger>
              <TabsTrigger value="list">
                <List aria-hidden="true" />
                List View
              </TabsTrigger>
            </TabsList>
          </div>
          {/* Both panels always exist, so each tab's aria-controls names a real element (even when empty). */}
          {(['board', 'list'] as const).map((panel) => (
            <TabsContent key={panel} value={panel} className="min-w-0">
              {filtered.length === 0 ? (
                <EmptyState
                  icon={ListTodo}
                  title="No tasks found"
                  description={
                    isFiltering ? 'Try adjusting your filters' : 'Get started by adding your first task'
                  }
                  action={
                    !isFiltering && (
                      <RoleGate need="staff">
                        <Button onClick={openAdd}>
                          <Plus aria-hidden="true" />
                          Add Task
                        </Button>
                      </RoleGate>
                    )
                  }
                />
              ) : panel === 'board' ? (
                <TaskBoard
                  tasks={filtered}
                  handlers={handlers}
                  // Every task's counts: only meaningful beside an unfiltered page of a longer list.
                  totals={isFiltering || page?.total === filtered.length ? undefined : page?.counts}
                />
              ) : (
                <TaskList tasks={filtered} handlers={handlers} />
              )}
            </TabsContent>
          ))}
          <ListPager
            page={params.page}
            total={tasks.data.total}
            pageSize={TASKS_PAGE_SIZE}
            onPage={(p) => set({ page: p })}
          />
        </Tabs>
      )}
      <TaskFormDialog
        open={form.open}
        onOpenChange={(open) => setForm((current) => ({ ...current, open }))}
        task={form.task}
      />
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(open) => !open && setDeleting(undefined)}
        title={`Delete ${deleting?.title ?? 'task'}?`}
        description={DELETE_TASK_CONFIRM}
        onConfirm={() => deleting && actions.remove(deleting)}
      />
    </div>
  );
}
