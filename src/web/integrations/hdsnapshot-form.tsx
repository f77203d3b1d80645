import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_HDSNAPSHOT_URL_TEMPLATE, hdsnapshotSettings } from '@shared/integrations';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { PasswordInput } from '@web/components/ui/password-input';
import { applyFieldErrors } from '@web/lib/form-errors';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useSaveIntegration } from './api';
import { type ConfigFormProps, ConfigFormShell, saveToasts, tokenPlaceholder } from './config-form-shell';

// A blank template means "use the default", not "an empty address".
const schema = hdsnapshotSettings.extend({
  urlTemplate: z
    .string()
    .transform((v) => v.trim() || undefined)
    .pipe(hdsnapshotSettings.shape.urlTemplate),
});

export function HdSnapshotForm({ view, onDone }: ConfigFormProps) {
  const save = useSaveIntegration('hdsnapshot');
  const saved =
    view?.urlTemplate && view.urlTemplate !== DEFAULT_HDSNAPSHOT_URL_TEMPLATE ? view.urlTemplate : '';
  const form = useForm({
    resolver: zodResolver(schema),
    reValidateMode: 'onChange',
    defaultValues: { globalToken: '', urlTemplate: saved },
  });
  const { errors } = form.formState;
  const toasts = saveToasts('HD Snapshot', onDone);
  const onSubmit = form.handleSubmit((values) =>
    save.mutateAsync(values).then(toasts.onSuccess, (error: unknown) => {
      applyFieldErrors(error, form.setError, ['globalToken', 'urlTemplate']);
      toasts.onError(error);
    }),
  );
  return (
    <ConfigFormShell
      label="HD Snapshot settings"
      onSubmit={onSubmit}
      onCancel={onDone}
      saving={save.isPending}
      advancedOpen={Boolean(saved || errors.urlTemplate)}
      advanced={
        <FormField
          label="Address template"
          error={errors.urlTemplate?.message}
          hint="{domain} is replaced by each site's domain. Leave blank for the plugin's default address."
        >
          {(field) => (
            <Input
              {...field}
              type="url"
              autoComplete="off"
              placeholder={DEFAULT_HDSNAPSHOT_URL_TEMPLATE}
              {...form.register('urlTemplate')}
            />
          )}
        </FormField>
      }
    >
      <FormField label="Global Token" error={errors.globalToken?.message}>
        {(field) => (
          <PasswordInput
            {...field}
            autoComplete="off"
            placeholder={tokenPlaceholder(view, 'The token set in the HD Snapshot plugin')}
            {...form.register('globalToken')}
          />
        )}
      </FormField>
    </ConfigFormShell>
  );
}
