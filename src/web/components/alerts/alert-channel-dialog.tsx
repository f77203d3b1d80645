import type { AlertChannel, AlertChannelKind } from '@shared/alerts';
import { FormDialog, FormDialogFooter } from '@web/components/form-dialog';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage, isApiError } from '@web/lib/api';
import { useTags } from '@web/lib/tags/api';
import { type FormEvent, useState } from 'react';
import { useSaveAlertChannel } from '../../lib/alerts/api';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; channel?: AlertChannel };

/** Add or edit a channel; a new webhook's signing secret is shown once, right after saving. */
export function AlertChannelDialog({ open, onOpenChange, channel }: Props) {
  const [secret, setSecret] = useState<string | null>(null);
  const close = (next: boolean) => {
    if (!next) setSecret(null);
    onOpenChange(next);
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title={secret ? 'Signing secret' : channel ? 'Edit alert channel' : 'Add alert channel'}
      description={
        secret
          ? 'Copy it now: it is not shown again. Check each webhook with it (see the signature note).'
          : 'Email goes through the SMTP server set in SMTP_URL; webhooks receive JSON.'
      }
    >
      {secret ? (
        <SecretStep secret={secret} onDone={() => close(false)} />
      ) : (
        <ChannelForm
          key={channel?.id ?? 'new'}
          channel={channel}
          onSaved={(s) => (s ? setSecret(s) : close(false))}
          onCancel={() => close(false)}
        />
      )}
    </FormDialog>
  );
}

function ChannelForm({
  channel,
  onSaved,
  onCancel,
}: {
  channel?: AlertChannel;
  onSaved: (secret?: string) => void;
  onCancel: () => void;
}) {
  const save = useSaveAlertChannel();
  const tags = useTags();
  const [kind, setKind] = useState<AlertChannelKind>(channel?.kind ?? 'email');
  const [name, setName] = useState(channel?.name ?? '');
  // A Slack URL is its secret: it is never shown again, so editing asks for it anew.
  const [target, setTarget] = useState(channel && channel.kind !== 'slack' ? channel.target : '');
  const [tagIds, setTagIds] = useState<number[]>(channel?.tagIds ?? []);
  const [enabled, setEnabled] = useState(channel?.enabled ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body =
      kind === 'email'
        ? { kind, name, email: target, tagIds, enabled }
        : { kind, name, url: target, tagIds, enabled };
    try {
      const saved = await save.mutateAsync({ id: channel?.id, body });
      toast({ title: channel ? 'Alert channel saved' : 'Alert channel added', description: saved.name });
      onSaved(saved.secret);
    } catch (error) {
      if (isApiError(error) && error.fieldErrors) {
        setErrors(
          Object.fromEntries(
            Object.entries(error.fieldErrors).map(([k, v]) => [k === 'email' ? 'url' : k, v[0] ?? '']),
          ),
        );
      }
      toast({
        title: 'Failed to save the channel',
        description: errorMessage(error, 'Nothing was saved'),
        variant: 'destructive',
      });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-6">
      <div className="grid gap-4">
        <FormField label="Kind" error={errors.kind}>
          {(field) => (
            <Select value={kind} onValueChange={(v) => setKind(v as AlertChannelKind)}>
              <SelectTrigger {...field}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="email">Email</SelectItem>
                <SelectItem value="slack">Slack (incoming webhook)</SelectItem>
                <SelectItem value="webhook">Webhook (signed JSON)</SelectItem>
              </SelectContent>
            </Select>
          )}
        </FormField>
        <FormField label="Name" error={errors.name}>
          {(field) => (
            <Input
              {...field}
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder="On call"
              autoComplete="off"
            />
          )}
        </FormField>
        <FormField
          label={kind === 'email' ? 'Email address' : 'URL'}
          error={errors.url}
          hint={
            kind === 'slack' && channel
              ? 'Paste the webhook URL again to keep it (it is stored encrypted and never shown).'
              : undefined
          }
        >
          {(field) => (
            <Input
              {...field}
              type={kind === 'email' ? 'email' : 'url'}
              value={target}
              onChange={(e) => setTarget(e.target.value)}
              placeholder={kind === 'email' ? 'oncall@agency.example' : 'https://hooks.slack.com/services/…'}
              autoComplete="off"
            />
          )}
        </FormField>
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium">Which incidents</legend>
          <p className="text-xs text-muted-foreground">
            {tagIds.length
              ? 'Only those of clients with one of these tags.'
              : 'Every incident (tick tags to narrow it).'}
          </p>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {(tags.data ?? []).map((t) => (
              <div key={t.id} className="flex items-center gap-2">
                <Checkbox
                  id={`channel-tag-${t.id}`}
                  checked={tagIds.includes(t.id)}
                  onCheckedChange={(on) =>
                    setTagIds((ids) => (on ? [...ids, t.id] : ids.filter((id) => id !== t.id)))
                  }
                />
                <Label htmlFor={`channel-tag-${t.id}`}>{t.name}</Label>
              </div>
            ))}
          </div>
          {errors.tagIds && (
            <p role="alert" className="text-sm text-destructive-text">
              {errors.tagIds}
            </p>
          )}
        </fieldset>
        <div className="flex items-center gap-3">
          <Switch id="channel-enabled" checked={enabled} onCheckedChange={setEnabled} />
          <Label htmlFor="channel-enabled">Send alerts to this channel</Label>
        </div>
      </div>
      <FormDialogFooter
        pending={save.isPending}
        onCancel={onCancel}
        submitLabel={channel ? 'Save Changes' : 'Add Channel'}
      />
    </form>
  );
}

function SecretStep({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <div className="grid gap-4">
      <code className="rounded-md border bg-muted px-3 py-2 text-sm break-all">{secret}</code>
      <p className="text-sm text-muted-foreground">
        Each request carries <code>X-AgencyHub-Timestamp</code> and{' '}
        <code>X-AgencyHub-Signature: sha256=…</code>, the HMAC-SHA256 of <code>timestamp.body</code> with this
        secret.
      </p>
      <div className="flex justify-end gap-2">
        <Button
          variant="outline"
          onClick={() => void navigator.clipboard?.writeText(secret).then(() => toast({ title: 'Copied' }))}
        >
          Copy
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
