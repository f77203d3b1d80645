import { zodResolver } from '@hookform/resolvers/zod';
import { wordfenceSettings } from '@shared/integrations';
import { FormField } from '@web/components/ui/form-field';
import { PasswordInput } from '@web/components/ui/password-input';
import { applyFieldErrors } from '@web/lib/form-errors';
import { useForm } from 'react-hook-form';
import { useSaveIntegration } from './api';
import { type ConfigFormProps, ConfigFormShell, saveToasts, tokenPlaceholder } from './config-form-shell';

export function WordfenceForm({ view, onDone }: ConfigFormProps) {
  const save = useSaveIntegration('wordfence');
  const form = useForm({
    resolver: zodResolver(wordfenceSettings),
    reValidateMode: 'onChange',
    defaultValues: { apiKey: '' },
  });
  const { errors } = form.formState;
  const toasts = saveToasts('Wordfence Intelligence', onDone);
  const onSubmit = form.handleSubmit((values) =>
    save.mutateAsync(values).then(toasts.onSuccess, (error: unknown) => {
      applyFieldErrors(error, form.setError, ['apiKey']);
      toasts.onError(error);
    }),
  );
  return (
    <ConfigFormShell
      label="Wordfence Intelligence settings"
      onSubmit={onSubmit}
      onCancel={onDone}
      saving={save.isPending}
    >
      <FormField
        label="API key"
        error={errors.apiKey?.message}
        hint="Create the key in a free wordfence.com account, under Account → Integrations. The vulnerability feed is read at most once a day; the first import starts when you save and takes a few minutes."
      >
        {(field) => (
          <PasswordInput
            {...field}
            autoComplete="off"
            placeholder={tokenPlaceholder(view, 'Your Wordfence Intelligence API key')}
            {...form.register('apiKey')}
          />
        )}
      </FormField>
    </ConfigFormShell>
  );
}
