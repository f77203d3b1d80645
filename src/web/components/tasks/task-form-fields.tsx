import { TASK_PRIORITIES, TASK_STATUSES, type Task, type TaskPriority, type TaskStatus } from '@shared/tasks';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { Controller } from 'react-hook-form';
import { PRIORITY_LABELS, STATUS_LABELS } from '../../lib/tasks/filter';
import type { TaskForm } from '../../lib/tasks/task-form';
import { FormSelect } from './form-select';
import { TagsInput } from './tags-input';
import { TaskLinkFields } from './task-link-fields';

const statusOptions = TASK_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }));
const priorityOptions = TASK_PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }));
// An empty number box means "none"; anything else goes to the schema as a number (NaN fails it).
const asHours = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

/** The fields of the Add/Edit Task dialog. */
export function TaskFormFields({ form, task }: { form: TaskForm; task?: Task }) {
  const { errors } = form.formState;
  return (
    <div className="grid grid-cols-2 gap-4">
      <FormField label="Title" error={errors.title?.message} className="col-span-2">
        {(field) => (
          <Input {...field} autoComplete="off" aria-required="true" autoFocus {...form.register('title')} />
        )}
      </FormField>
      <FormField label="Description" error={errors.description?.message} className="col-span-2">
        {(field) => <Textarea {...field} rows={3} {...form.register('description')} />}
      </FormField>
      <FormField label="Status" error={errors.status?.message}>
        {(field) => (
          <Controller
            control={form.control}
            name="status"
            render={({ field: { value, onChange, ref } }) => (
              <FormSelect
                field={field}
                selectRef={ref}
                value={value ?? 'todo'}
                onChange={(v) => onChange(v as TaskStatus)}
                options={statusOptions}
              />
            )}
          />
        )}
      </FormField>
      <FormField label="Priority" error={errors.priority?.message}>
        {(field) => (
          <Controller
            control={form.control}
            name="priority"
            render={({ field: { value, onChange, ref } }) => (
              <FormSelect
                field={field}
                selectRef={ref}
                value={value ?? 'medium'}
                onChange={(v) => onChange(v as TaskPriority)}
                options={priorityOptions}
              />
            )}
          />
        )}
      </FormField>
      <TaskLinkFields form={form} task={task} />
      <FormField label="Due Date" error={errors.dueDate?.message} className="col-span-2 sm:col-span-1">
        {(field) => (
          <Input {...field} type="date" className="dark:[color-scheme:dark]" {...form.register('dueDate')} />
        )}
      </FormField>
      <FormField label="Project" error={errors.project?.message} className="col-span-2">
        {(field) => <Input {...field} autoComplete="off" {...form.register('project')} />}
      </FormField>
      <FormField label="Estimated Hours" error={errors.estimatedHours?.message}>
        {(field) => (
          <Input
            {...field}
            type="number"
            min={0}
            step="0.25"
            inputMode="decimal"
            {...form.register('estimatedHours', { setValueAs: asHours })}
          />
        )}
      </FormField>
      <FormField label="Time Spent (hours)" error={errors.timeSpentHours?.message}>
        {(field) => (
          <Input
            {...field}
            type="number"
            min={0}
            step="0.25"
            inputMode="decimal"
            {...form.register('timeSpentHours', { setValueAs: asHours })}
          />
        )}
      </FormField>
      <FormField
        label="Tags"
        error={errors.tags?.message ?? errors.tags?.root?.message}
        hint="Separate tags with commas (up to 10)"
        className="col-span-2"
      >
        {(field) => (
          <Controller
            control={form.control}
            name="tags"
            render={({ field: { value, onChange, onBlur, ref } }) => (
              <TagsInput
                field={field}
                inputRef={ref}
                value={value ?? []}
                onChange={onChange}
                onBlur={onBlur}
              />
            )}
          />
        )}
      </FormField>
    </div>
  );
}
