import { zodResolver } from '@hookform/resolvers/zod';
import { type ReportSchedule, reportScheduleRequest } from '@shared/reports';
import { FormAlert } from '@web/components/form-alert';
import { RoleGate } from '@web/components/role-gate';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { applyFieldErrors } from '@web/lib/form-errors';
import { cn } from '@web/lib/utils';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useReportSchedule, useSaveReportSchedule } from './api';

const DAYS = Array.from({ length: 28 }, (_, i) => i + 1);

/** Monthly by email: on which day the previous month's PDF goes out, and to whom. */
export function ScheduleCard({ clientId, clientName }: { clientId: number; clientName: string }) {
  const schedule = useReportSchedule(clientId);
  return (
    <Card className="print:hidden" role="region" aria-labelledby="report-schedule-title">
      <CardHeader>
        <h2 id="report-schedule-title" className="text-lg leading-tight font-semibold tracking-tight">
          Monthly report by email
        </h2>
        <CardDescription>
          On the chosen day, the previous month's report goes to {clientName} as a PDF, through the configured
          email server.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {schedule.isPending ? (
          <Spinner />
        ) : schedule.isError ? (
          <FormAlert message={errorMessage(schedule.error, 'Could not load the schedule')} />
        ) : (
          <ScheduleForm clientId={clientId} schedule={schedule.data} />
        )}
      </CardContent>
    </Card>
  );
}

function ScheduleForm({ clientId, schedule }: { clientId: number; schedule: ReportSchedule }) {
  const save = useSaveReportSchedule(clientId);
  const [serverError, setServerError] = useState<string>();
  const switchId = useId();
  const form = useForm({
    resolver: zodResolver(reportScheduleRequest),
    values: { dayOfMonth: schedule.dayOfMonth ?? 1, email: schedule.email ?? '', enabled: schedule.enabled },
  });
  const { errors, isDirty } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(undefined);
    try {
      const saved = await save.mutateAsync(values);
      toast({
        title: saved.enabled ? 'Monthly report scheduled' : 'Monthly report switched off',
        description: saved.enabled ? `Day ${saved.dayOfMonth} of each month, to ${saved.sendsTo}` : undefined,
      });
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ['dayOfMonth', 'email', 'enabled']))
        setServerError(errorMessage(error, 'Could not save the schedule'));
    }
  });
  return (
    <div className="grid gap-5">
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Report schedule">
        <FormAlert message={serverError} />
        <div className="flex items-center gap-3">
          <Controller
            control={form.control}
            name="enabled"
            render={({ field }) => (
              <RoleGate need="staff">
                <Switch id={switchId} checked={field.value} onCheckedChange={field.onChange} />
              </RoleGate>
            )}
          />
          <Label htmlFor={switchId}>Send the report every month</Label>
        </div>
        <div className="grid items-start gap-4 sm:grid-cols-[12rem_1fr]">
          <FormField label="Day of the month" error={errors.dayOfMonth?.message}>
            {(field) => (
              <select
                {...field}
                {...form.register('dayOfMonth', { valueAsNumber: true })}
                className={cn(
                  'h-9 w-full min-w-0 rounded-md border border-input bg-background px-3 text-base shadow-xs outline-none md:text-sm',
                  'focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 aria-invalid:border-destructive',
                )}
              >
                {DAYS.map((d) => (
                  <option key={d} value={d}>
                    {d}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField
            label="Send to another address (optional)"
            error={errors.email?.message}
            hint={
              schedule.sendsTo ? `Empty: the client's email` : 'The client has no email: give an address.'
            }
          >
            {(field) => (
              <Input
                {...field}
                type="email"
                autoComplete="email"
                placeholder={schedule.sendsTo ?? 'name@example.com'}
                {...form.register('email')}
              />
            )}
          </FormField>
        </div>
        <RoleGate need="staff" className="w-fit justify-self-start">
          <Button type="submit" disabled={save.isPending || !isDirty} className="justify-self-start">
            {save.isPending && <Spinner />}
            {save.isPending ? 'Saving...' : 'Save schedule'}
          </Button>
        </RoleGate>
      </form>
      {schedule.deliveries.length > 0 && (
        <section className="grid gap-2">
          <h3 className="text-sm font-medium">Sent reports</h3>
          <ul className="grid gap-1.5 text-sm">
            {schedule.deliveries.map((d) => (
              <li key={d.period} className="flex flex-wrap items-center gap-2">
                <span className="font-medium tabular-nums">{d.period}</span>
                <span className="break-all text-muted-foreground">to {d.email}</span>
                <Badge
                  variant={
                    d.status === 'failed' ? 'destructive' : d.status === 'sent' ? 'secondary' : 'outline'
                  }
                >
                  {d.status === 'sent' ? 'Sent' : d.status === 'failed' ? 'Failed, retrying' : 'Sending'}
                </Badge>
                {d.error && (
                  <span className="w-full text-xs break-words text-destructive-text">{d.error}</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
