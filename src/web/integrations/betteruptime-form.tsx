import { zodResolver } from '@hookform/resolvers/zod';
import { betteruptimeSettings, DEFAULT_BETTERUPTIME_BASE_URL } from '@shared/integrations';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { PasswordInput } from '@web/components/ui/password-input';
import { applyFieldErrors } from '@web/lib/form-errors';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useSaveIntegration } from './api';
import { type ConfigFormProps, ConfigFormShell, saveToasts, tokenPlaceholder } from './config-form-shell';

// A blank optional field means "use the default", not "an empty address".
const schema = betteruptimeSettings.extend({
  baseUrl: z
    .string()
    .transform((v) => v.trim() || undefined)
    .pipe(betteruptimeSettings.shape.baseUrl),
});

export function BetterUptimeForm({ view, onDone }: ConfigFormProps) {
  const save = useSaveIntegration('betteruptime');
  const savedUrl = view?.baseUrl && view.baseUrl !== DEFAULT_BETTERUPTIME_BASE_URL ? view.baseUrl : '';
  const form = useForm({
    resolver: zodResolver(schema),
    reValidateMode: 'onChange',
    defaultValues: { apiToken: '', baseUrl: savedUrl },
  });
  const { errors } = form.formState;
  const toasts = saveToasts('Better Uptime', onDone);
  const onSubmit = form.handleSubmit((values) =>
    save.mutateAsync(values).then(toasts.onSuccess, (error: unknown) => {
      applyFieldErrors(error, form.setError, ['apiToken', 'baseUrl']);
      toasts.onError(error);
    }),
  );
  return (
    <ConfigFormShell
      label="Better Uptime settings"
      onSubmit={onSubmit}
      onCancel={onDone}
      saving={save.isPending}
      advancedOpen={Boolean(savedUrl || errors.baseUrl)}
      advanced={
        <FormField
          label="Base URL"
          error={errors.baseUrl?.message}
          hint={`Leave blank for ${DEFAULT_BETTERUPTIME_BASE_URL}`}
        >
          {(field) => (
            <Input
              {...field}
              type="url"
              autoComplete="off"
              placeholder={DEFAULT_BETTERUPTIME_BASE_URL}
              {...form.register('baseUrl')}
            />
          )}
        </FormField>
      }
    >
      <FormField label="API Token" error={errors.apiToken?.message}>
        {(field) => (
          <PasswordInput
            {...field}
            autoComplete="off"
            placeholder={tokenPlaceholder(view, 'Your Better Uptime API token')}
            {...form.register('apiToken')}
          />
        )}
      </FormField>
    </ConfigFormShell>
  );
}
