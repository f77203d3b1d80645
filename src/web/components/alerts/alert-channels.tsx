import type { AlertChannel } from '@shared/alerts';
import { RoleGate } from '@web/components/role-gate';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { LoadingState } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { formatAgo } from '@web/lib/format';
import { useTags } from '@web/lib/tags/api';
import { Pencil, Plus, Send, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useAlertChannels, useDeleteAlertChannel, useTestAlertChannel } from '../../lib/alerts/api';
import { AlertChannelDialog } from './alert-channel-dialog';

const KIND = { email: 'Email', slack: 'Slack', webhook: 'Webhook' } as const;

/** Where alerts go (a Settings section): each channel with its rules, how its last alert went, test, edit, delete. */
export function AlertChannels() {
  const channels = useAlertChannels();
  const tags = useTags();
  const [editing, setEditing] = useState<AlertChannel | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AlertChannel | null>(null);
  const remove = useDeleteAlertChannel();
  const test = useTestAlertChannel();
  const tagName = (id: number) => tags.data?.find((t) => t.id === id)?.name ?? `tag ${id}`;
  const list = channels.data?.data ?? [];

  const onTest = async (c: AlertChannel) => {
    try {
      const res = await test.mutateAsync(c.id);
      toast({ title: 'Test alert sent', description: res.message });
    } catch (error) {
      toast({ title: 'Test alert not sent', description: errorMessage(error, ''), variant: 'destructive' });
    }
  };
  const onDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast({ title: 'Alert channel deleted' });
    } catch (error) {
      toast({
        title: 'Failed to delete the channel',
        description: errorMessage(error, ''),
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="grid gap-4">
      <div className="flex justify-end">
        <RoleGate need="admin">
          <Button size="sm" onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" />
            Add channel
          </Button>
        </RoleGate>
      </div>
      <div>
        {channels.isPending ? (
          <LoadingState text="Loading alert channels..." />
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No channels yet: incidents only show in the bell. Add an email address, a Slack webhook or your
            own webhook.
          </p>
        ) : (
          <ul className="grid gap-3">
            {list.map((c) => (
              <li
                key={c.id}
                className="flex flex-wrap items-start justify-between gap-3 border-b pb-3 last:border-0 last:pb-0"
              >
                <div className="grid min-w-0 gap-1 text-sm">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{c.name}</span>
                    <Badge variant="outline">{KIND[c.kind]}</Badge>
                    {!c.enabled && <Badge variant="secondary">Off</Badge>}
                  </div>
                  <span className="break-all text-muted-foreground">{c.target}</span>
                  <span className="text-muted-foreground">
                    {c.tagIds.length
                      ? `Clients tagged ${c.tagIds.map(tagName).join(', ')}`
                      : 'Every incident'}
                    {c.lastDelivery &&
                      ` · last alert ${formatAgo(c.lastDelivery.at)}: ${c.lastDelivery.status === 'sent' ? 'delivered' : c.lastDelivery.status === 'pending' ? `retrying (${c.lastDelivery.error ?? ''})` : `failed (${c.lastDelivery.error ?? ''})`}`}
                  </span>
                </div>
                <div className="flex gap-1">
                  <RoleGate need="admin">
                    <Button variant="outline" size="sm" onClick={() => onTest(c)} disabled={test.isPending}>
                      <Send aria-hidden="true" />
                      Send test
                    </Button>
                  </RoleGate>
                  <IconAction label={`Edit ${c.name}`} onClick={() => setEditing(c)}>
                    <Pencil aria-hidden="true" />
                  </IconAction>
                  <IconAction label={`Delete ${c.name}`} onClick={() => setDeleting(c)}>
                    <Trash2 aria-hidden="true" />
                  </IconAction>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <AlertChannelDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        channel={editing === 'new' ? undefined : (editing ?? undefined)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this alert channel?"
        description={`${deleting?.name ?? 'It'} will receive no more alerts.`}
        onConfirm={onDelete}
      />
    </div>
  );
}

/** A channel's icon button; changing channels is for Admins, so below that it says so, disabled. */
function IconAction({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <RoleGate need="admin">
      <Button variant="ghost" size="icon-sm" onClick={onClick} aria-label={label}>
        {children}
      </Button>
    </RoleGate>
  );
}
