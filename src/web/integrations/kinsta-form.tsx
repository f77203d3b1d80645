import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_KINSTA_BASE_URL, kinstaSettings } from '@shared/integrations';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { PasswordInput } from '@web/components/ui/password-input';
import { applyFieldErrors } from '@web/lib/form-errors';
import { useForm } from 'react-hook-form';
import { useSaveIntegration } from './api';
import { type ConfigFormProps, ConfigFormShell, saveToasts, tokenPlaceholder } from './config-form-shell';

/** Kinsta's settings: the API key, the company (found through the key when left empty) and the API address. */
export function KinstaForm({ view, onDone }: ConfigFormProps) {
  const save = useSaveIntegration('kinsta');
  const form = useForm({
    resolver: zodResolver(kinstaSettings),
    reValidateMode: 'onChange',
    defaultValues: {
      apiKey: '',
      companyId: view?.companyId ?? '',
      baseUrl: view?.baseUrl ?? DEFAULT_KINSTA_BASE_URL,
    },
  });
  const { errors } = form.formState;
  const toasts = saveToasts('Kinsta', onDone);
  const onSubmit = form.handleSubmit((values) =>
    save.mutateAsync(values).then(toasts.onSuccess, (error: unknown) => {
      applyFieldErrors(error, form.setError, ['apiKey', 'companyId', 'baseUrl']);
      toasts.onError(error);
    }),
  );
  return (
    <ConfigFormShell label="Kinsta settings" onSubmit={onSubmit} onCancel={onDone} saving={save.isPending}>
      <FormField label="API Key" error={errors.apiKey?.message}>
        {(field) => (
          <PasswordInput
            {...field}
            autoComplete="off"
            placeholder={tokenPlaceholder(view, 'MyKinsta → Company settings → API Keys')}
            {...form.register('apiKey')}
          />
        )}
      </FormField>
      <FormField
        label="Company ID"
        hint="Optional: found through the key when left empty."
        error={errors.companyId?.message}
      >
        {(field) => <Input {...field} autoComplete="off" {...form.register('companyId')} />}
      </FormField>
      <FormField label="Base URL" error={errors.baseUrl?.message}>
        {(field) => <Input {...field} type="url" autoComplete="off" {...form.register('baseUrl')} />}
      </FormField>
    </ConfigFormShell>
  );
}
