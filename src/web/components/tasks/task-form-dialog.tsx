import { zodResolver } from '@hookform/resolvers/zod';
import { type Task, type TaskRequest, taskRequest } from '@shared/tasks';
import { FormDialog, FormDialogFooter } from '@web/components/form-dialog';
import { RoleGate } from '@web/components/role-gate';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { applyFieldErrors } from '@web/lib/form-errors';
import { useForm } from 'react-hook-form';
import { useCreateTask, useUpdateTask } from '../../lib/tasks/api';
import { taskToRequest } from '../../lib/tasks/filter';
import { TaskFormFields } from './task-form-fields';

const FIELDS = [
  'title',
  'description',
  'status',
  'priority',
  'assigneeId',
  'clientId',
  'websiteId',
  'project',
  'dueDate',
  'estimatedHours',
  'timeSpentHours',
  'tags',
] as const;

const emptyTask: TaskRequest = {
  title: '',
  description: '',
  status: 'todo',
  priority: 'medium',
  assigneeId: null,
  clientId: null,
  websiteId: null,
  project: '',
  dueDate: '',
  estimatedHours: null,
  timeSpentHours: 0,
  tags: [],
};

/** Text boxes show "" for a missing value (the schema turns "" back into null). */
function formValues(task?: Task): TaskRequest {
  if (!task) return emptyTask;
  return {
    ...taskToRequest(task),
    description: task.description ?? '',
    project: task.project ?? '',
    dueDate: task.dueDate ?? '',
  };
}

interface TaskFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The task to edit; none to add one. */
  task?: Task;
}

export function TaskFormDialog({ open, onOpenChange, task }: TaskFormDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={task ? 'Edit Task' : 'Add Task'}
      description={task ? `Update the details of ${task.title}.` : 'Add a new task for your team.'}
      className="sm:max-w-2xl"
    >
      {/* Keyed so that opening the dialog for another task starts from that task's values. */}
      <TaskFormBody key={task?.id ?? 'new'} task={task} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function TaskFormBody({ task, onDone }: { task?: Task; onDone: () => void }) {
  const create = useCreateTask();
  const update = useUpdateTask();
  const pending = create.isPending || update.isPending;
  const form = useForm({
    resolver: zodResolver(taskRequest),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: formValues(task),
  });

  const onSubmit = form.handleSubmit(async (body) => {
    const verb = task ? 'update' : 'create';
    try {
      if (task) await update.mutateAsync({ id: task.id, body });
      else await create.mutateAsync(body);
      toast({ title: task ? 'Task updated' : 'Task created', description: body.title });
      onDone();
    } catch (error) {
      applyFieldErrors(error, form.setError, FIELDS);
      toast({
        title: `Failed to ${verb} task`,
        description: errorMessage(error, `Failed to ${verb} task`),
        variant: 'destructive',
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6">
      <TaskFormFields form={form} task={task} />
      <FormDialogFooter
        pending={pending}
        onCancel={onDone}
        submitLabel={task ? 'Save Changes' : 'Add Task'}
        wrapSubmit={(submit) => <RoleGate need="staff">{submit}</RoleGate>}
      />
    </form>
  );
}
