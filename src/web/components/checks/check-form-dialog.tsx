import { zodResolver } from '@hookform/resolvers/zod';
import { CHECK_LIMITS, type Check, type CheckInput, type CheckRequest, checkRequest } from '@shared/checks';
import { FormDialog, FormDialogFooter } from '@web/components/form-dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { toast } from '@web/components/ui/use-toast';
import { WebsitePicker } from '@web/components/websites/website-picker';
import { errorMessage } from '@web/lib/api';
import { applyFieldErrors } from '@web/lib/form-errors';
import { Controller, useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { useSaveCheck } from '../../lib/checks/api';

const FIELDS = [
  'websiteId',
  'name',
  'url',
  'intervalSeconds',
  'timeoutSeconds',
  'expectedStatus',
  'keyword',
  'keywordMode',
  'confirmations',
] as const;

/** How often a check runs: the choices people make (the API takes any 30 s to 24 h). */
export const INTERVALS: [seconds: number, label: string][] = [
  [30, 'Every 30 seconds'],
  [60, 'Every minute'],
  [120, 'Every 2 minutes'],
  [300, 'Every 5 minutes'],
  [600, 'Every 10 minutes'],
  [900, 'Every 15 minutes'],
  [1800, 'Every 30 minutes'],
  [3600, 'Every hour'],
  [21_600, 'Every 6 hours'],
  [86_400, 'Every day'],
];

/** The address a check of a website starts from: its home page over https. */
export const websiteUrl = (domain: string) => `https://${domain}/`;

/** A URL field with no address in it yet: empty, or only the scheme the form starts with. */
export const isBlankUrl = (url: string | undefined) => /^\s*(https?:\/\/)?\s*$/i.test(url ?? '');

function formValues(check?: Check): CheckRequest {
  return {
    name: check?.name ?? '',
    url: check?.url ?? 'https://',
    intervalSeconds: check?.intervalSeconds ?? CHECK_LIMITS.intervalSeconds.default,
    timeoutSeconds: check?.timeoutSeconds ?? CHECK_LIMITS.timeoutSeconds.default,
    expectedStatus: check?.expectedStatus ?? '200-399',
    keyword: check?.keyword ?? '',
    keywordMode: check?.keywordMode ?? 'present',
    confirmations: check?.confirmations ?? CHECK_LIMITS.confirmations.default,
    websiteId: check?.websiteId ?? null,
  };
}

type Props = { open: boolean; onOpenChange: (open: boolean) => void; check?: Check };

/** Add Check / Edit Check: the address, how often, what counts as up, and when to call it down. */
export function CheckFormDialog({ open, onOpenChange, check }: Props) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={check ? 'Edit Check' : 'Add Check'}
      description={
        check
          ? `Change what ${check.name} checks and when it counts as down.`
          : 'Agency Hub asks this address itself, from this server, and alerts when it stops answering.'
      }
      className="sm:max-w-xl"
    >
      <CheckFormBody key={check?.id ?? 'new'} check={check} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function CheckFormBody({ check, onDone }: { check?: Check; onDone: () => void }) {
  const save = useSaveCheck();
  const [, navigate] = useLocation();
  const form = useForm<CheckRequest, unknown, CheckInput>({
    resolver: zodResolver(checkRequest),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: formValues(check),
  });
  const { errors } = form.formState;
  const numeric = { valueAsNumber: true } as const;

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync({ id: check?.id, body });
      toast({ title: check ? 'Check updated' : 'Check added', description: saved.url });
      onDone();
      if (!check) navigate(`/uptime/checks/${saved.id}`);
    } catch (error) {
      applyFieldErrors(error, form.setError, FIELDS);
      toast({
        title: check ? 'Failed to update check' : 'Failed to add check',
        description: errorMessage(error, 'The check was not saved'),
        variant: 'destructive',
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Website"
          error={errors.websiteId?.message}
          hint={
            check
              ? "Its page and its client's page show this check."
              : "Its page and its client's page show this check. Left empty, the website of the address's domain is used when there is one."
          }
          className="sm:col-span-2"
        >
          {(field) => (
            <Controller
              control={form.control}
              name="websiteId"
              render={({ field: { value, onChange } }) => (
                <WebsitePicker
                  field={field}
                  value={value}
                  current={
                    check?.websiteId && check.websiteDomain
                      ? { id: check.websiteId, name: check.websiteDomain }
                      : null
                  }
                  onChange={(website) => {
                    onChange(website?.id ?? null);
                    if (website && isBlankUrl(form.getValues('url'))) {
                      form.setValue('url', websiteUrl(website.domain), {
                        shouldValidate: form.formState.isSubmitted,
                      });
                    }
                  }}
                />
              )}
            />
          )}
        </FormField>
        <FormField label="URL" error={errors.url?.message} className="sm:col-span-2">
          {(field) => (
            <Input
              {...field}
              type="url"
              inputMode="url"
              autoComplete="off"
              aria-required="true"
              {...form.register('url')}
            />
          )}
        </FormField>
        <FormField
          label="Name"
          error={errors.name?.message}
          hint="Leave empty to use the address."
          className="sm:col-span-2"
        >
          {(field) => <Input {...field} autoComplete="off" {...form.register('name')} />}
        </FormField>
        <FormField label="Check" error={errors.intervalSeconds?.message}>
          {(field) => (
            <Controller
              control={form.control}
              name="intervalSeconds"
              render={({ field: { value, onChange, ref } }) => (
                <Select value={String(value)} onValueChange={(v) => onChange(Number(v))}>
                  <SelectTrigger {...field} ref={ref}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {INTERVALS.map(([seconds, label]) => (
                      <SelectItem key={seconds} value={String(seconds)}>
                        {label}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          )}
        </FormField>
        <FormField label="Timeout (seconds)" error={errors.timeoutSeconds?.message}>
          {(field) => (
            <Input
              {...field}
              type="number"
              min={1}
              max={CHECK_LIMITS.timeoutSeconds.max}
              {...form.register('timeoutSeconds', numeric)}
            />
          )}
        </FormField>
        <FormField
          label="Expected status"
          error={errors.expectedStatus?.message}
          hint="Codes and ranges, e.g. 200-299,301"
        >
          {(field) => <Input {...field} autoComplete="off" {...form.register('expectedStatus')} />}
        </FormField>
        <FormField
          label="Failures before an incident"
          error={errors.confirmations?.message}
          hint="One slow answer should not wake anybody."
        >
          {(field) => (
            <Input
              {...field}
              type="number"
              min={1}
              max={CHECK_LIMITS.confirmations.max}
              {...form.register('confirmations', numeric)}
            />
          )}
        </FormField>
        <FormField label="Keyword (optional)" error={errors.keyword?.message}>
          {(field) => <Input {...field} autoComplete="off" {...form.register('keyword')} />}
        </FormField>
        <FormField label="The keyword must be" error={errors.keywordMode?.message}>
          {(field) => (
            <Controller
              control={form.control}
              name="keywordMode"
              render={({ field: { value, onChange, ref } }) => (
                <Select value={value ?? 'present'} onValueChange={onChange}>
                  <SelectTrigger {...field} ref={ref}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="present">On the page</SelectItem>
                    <SelectItem value="absent">Not on the page</SelectItem>
                  </SelectContent>
                </Select>
              )}
            />
          )}
        </FormField>
      </div>
      <FormDialogFooter
        pending={save.isPending}
        onCancel={onDone}
        submitLabel={check ? 'Save Changes' : 'Add Check'}
      />
    </form>
  );
}
