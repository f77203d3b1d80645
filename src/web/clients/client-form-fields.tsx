import { CLIENT_STATUSES, type ClientInput, type ClientRequest } from '@shared/clients';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { STATUS_LABELS } from './filter';

export type ClientForm = UseFormReturn<ClientRequest, unknown, ClientInput>;

/** The fields of the Add/Edit Client dialog. */
export function ClientFormFields({ form }: { form: ClientForm }) {
  const { errors } = form.formState;
  const text = (name: 'name' | 'jobTitle' | 'company' | 'email' | 'phone') => form.register(name);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField label="Name" error={errors.name?.message} className="sm:col-span-2">
        {(field) => <Input {...field} autoComplete="off" aria-required="true" autoFocus {...text('name')} />}
      </FormField>
      <FormField label="Job Title" error={errors.jobTitle?.message}>
        {(field) => <Input {...field} autoComplete="off" {...text('jobTitle')} />}
      </FormField>
      <FormField label="Company" error={errors.company?.message}>
        {(field) => <Input {...field} autoComplete="off" {...text('company')} />}
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        {(field) => <Input {...field} type="email" autoComplete="off" {...text('email')} />}
      </FormField>
      <FormField label="Phone" error={errors.phone?.message}>
        {(field) => <Input {...field} type="tel" autoComplete="off" {...text('phone')} />}
      </FormField>
      <FormField label="Status" error={errors.status?.message} className="sm:col-span-2">
        {(field) => (
          <Controller
            control={form.control}
            name="status"
            render={({ field: { value, onChange, ref } }) => (
              <Select value={value ?? 'active'} onValueChange={onChange}>
                <SelectTrigger {...field} ref={ref}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {CLIENT_STATUSES.map((status) => (
                    <SelectItem key={status} value={status}>
                      {STATUS_LABELS[status]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        )}
      </FormField>
      <FormField label="Notes" error={errors.notes?.message} className="sm:col-span-2">
        {(field) => <Textarea {...field} rows={4} {...form.register('notes')} />}
      </FormField>
    </div>
  );
}
