import type { Task } from '@shared/tasks';
import { FormField } from '@web/components/ui/form-field';
import { WebsitePicker } from '@web/components/websites/website-picker';
import { useClients } from '@web/lib/clients/api';
import { useUsers } from '@web/lib/team/api';
import { Controller } from 'react-hook-form';
import type { TaskForm } from '../../lib/tasks/task-form';
import { FormSelect, type Option } from './form-select';

type LinkField = 'assigneeId' | 'clientId' | 'websiteId';

/** Options from the lists, keeping the task's current link even when the list lacks it. */
function withCurrent(options: Option[], current: { id: number; name: string } | null | undefined): Option[] {
  if (!current || options.some((o) => o.value === String(current.id))) return options;
  return [{ value: String(current.id), label: current.name }, ...options];
}

/**
 * Assignee (the team) and client: plain selects, "None" for no link. Website: a picker searching the
 * server, since a fleet can hold 20,000 of them.
 */
export function TaskLinkFields({ form, task }: { form: TaskForm; task?: Task }) {
  const users = useUsers();
  const clients = useClients();
  const { errors } = form.formState;

  const assignees = withCurrent(
    (users.data ?? []).map((u) => ({ value: String(u.id), label: u.username })),
    task?.assignee && { id: task.assignee.id, name: task.assignee.username },
  );
  const clientOptions = withCurrent(
    (clients.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
    task?.client,
  );

  const linkSelect = (name: LinkField, label: string, options: Option[], noneLabel: string) => (
    <FormField label={label} error={errors[name]?.message} className="col-span-2 sm:col-span-1">
      {(field) => (
        <Controller
          control={form.control}
          name={name}
          render={({ field: { value, onChange, ref } }) => (
            <FormSelect
              field={field}
              selectRef={ref}
              value={value == null ? null : String(value)}
              onChange={(v) => onChange(v === null ? null : Number(v))}
              options={options}
              noneLabel={noneLabel}
            />
          )}
        />
      )}
    </FormField>
  );

  return (
    <>
      {linkSelect('assigneeId', 'Assignee', assignees, 'Unassigned')}
      {linkSelect('clientId', 'Client', clientOptions, 'No client')}
      <FormField label="Website" error={errors.websiteId?.message} className="col-span-2 sm:col-span-1">
        {(field) => (
          <Controller
            control={form.control}
            name="websiteId"
            render={({ field: { value, onChange } }) => (
              <WebsitePicker
                field={field}
                value={value}
                current={task?.website ?? null}
                onChange={(website) => onChange(website?.id ?? null)}
              />
            )}
          />
        )}
      </FormField>
    </>
  );
}
