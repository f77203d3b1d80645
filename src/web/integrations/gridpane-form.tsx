import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_GRIDPANE_BASE_URL, gridpaneSettings } from '@shared/integrations';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { PasswordInput } from '@web/components/ui/password-input';
import { applyFieldErrors } from '@web/lib/form-errors';
import { useForm } from 'react-hook-form';
import { useSaveIntegration } from './api';
import { type ConfigFormProps, ConfigFormShell, saveToasts, tokenPlaceholder } from './config-form-shell';

export function GridPaneForm({ view, onDone }: ConfigFormProps) {
  const save = useSaveIntegration('gridpane');
  const form = useForm({
    resolver: zodResolver(gridpaneSettings),
    reValidateMode: 'onChange',
    defaultValues: { baseUrl: view?.baseUrl ?? DEFAULT_GRIDPANE_BASE_URL, accessToken: '' },
  });
  const { errors } = form.formState;
  const toasts = saveToasts('GridPane', onDone);
  const onSubmit = form.handleSubmit((values) =>
    save.mutateAsync(values).then(toasts.onSuccess, (error: unknown) => {
      applyFieldErrors(error, form.setError, ['baseUrl', 'accessToken']);
      toasts.onError(error);
    }),
  );
  return (
    <ConfigFormShell label="GridPane settings" onSubmit={onSubmit} onCancel={onDone} saving={save.isPending}>
      <FormField label="Base URL" error={errors.baseUrl?.message}>
        {(field) => <Input {...field} type="url" autoComplete="off" {...form.register('baseUrl')} />}
      </FormField>
      <FormField label="Access Token" error={errors.accessToken?.message}>
        {(field) => (
          <PasswordInput
            {...field}
            autoComplete="off"
            placeholder={tokenPlaceholder(view, 'Your GridPane personal access token')}
            {...form.register('accessToken')}
          />
        )}
      </FormField>
    </ConfigFormShell>
  );
}
