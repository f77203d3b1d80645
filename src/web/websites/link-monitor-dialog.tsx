import type { WebsiteDetail } from '@shared/websites';
import { FormAlert } from '@web/components/form-alert';
import { FormDialog, FormDialogFooter } from '@web/components/form-dialog';
import { OptionPicker } from '@web/components/option-picker';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { useMonitorSearch } from '@web/lib/uptime/api';
import { Link2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useLinkMonitor } from '../lib/websites/api';

const DOMAIN_CHOOSES = 'the domain';

/** A button opening the dialog that chooses which Better Uptime monitor watches this website. */
export function LinkMonitorButton({ website, label }: { website: WebsiteDetail; label: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" className="w-fit" onClick={() => setOpen(true)}>
        <Link2 aria-hidden="true" />
        {label}
      </Button>
      {open && <LinkMonitorDialog website={website} onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * Chooses the Better Uptime monitor that watches a website, searched on the server among every
 * monitor; "Let the domain choose" gives the choice back to the monitor of the website's address.
 */
function LinkMonitorDialog({ website, onClose }: { website: WebsiteDetail; onClose: () => void }) {
  const current = website.betterUptimeMonitor;
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<{ id: string; name: string } | null>(
    current?.linked ? { id: current.id, name: current.name } : null,
  );
  const monitors = useMonitorSearch(search);
  const link = useLinkMonitor(website.id);
  const options = (monitors.data?.data ?? []).map((m) => ({
    id: m.id,
    label: `${m.attributes.pronounceable_name || m.attributes.url} (${m.attributes.url})`,
  }));
  const unchanged = (picked?.id ?? null) === (current?.linked ? current.id : null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const saved = await link.mutateAsync(picked?.id ?? null);
      const now = saved.betterUptimeMonitor;
      toast({
        title: picked ? 'Monitor linked' : 'Monitor unlinked',
        description: picked
          ? `${website.domain} now follows "${picked.name}".`
          : now
            ? `${website.domain} follows its domain's monitor "${now.name}".`
            : `No Better Uptime monitor watches ${website.domain} now.`,
      });
      onClose();
    } catch {
      // The error is shown in the dialog; nothing changed.
    }
  };
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Link a Better Uptime monitor"
      description={`Which monitor watches ${website.domain}. Its status and uptime show on this page, the lists and the reports; our own check, when there is one, still decides the health.`}
    >
      <form className="grid gap-4" onSubmit={submit} noValidate>
        <FormAlert
          message={link.isError ? errorMessage(link.error, 'Failed to link the monitor') : undefined}
        />
        <div className="grid gap-2">
          <span className="text-sm font-medium">Monitor</span>
          <OptionPicker
            label="Monitor"
            allLabel={`Let ${DOMAIN_CHOOSES} choose`}
            value={picked?.id}
            valueLabel={picked?.name}
            options={options}
            search={search}
            onSearch={setSearch}
            onChange={(id) => {
              const option = options.find((o) => o.id === id);
              setPicked(option ? { id: option.id, name: option.label } : null);
            }}
            placeholder="Search monitors by name or URL..."
            loading={monitors.isFetching}
            className="w-full"
          />
          <p className="text-xs text-muted-foreground">
            {monitors.isError
              ? `Monitors could not be listed: ${errorMessage(monitors.error, 'configure Better Uptime first')}`
              : `Letting ${DOMAIN_CHOOSES} choose follows the monitor of ${website.domain}, if Better Uptime has one.`}
          </p>
        </div>
        <FormDialogFooter
          pending={link.isPending}
          onCancel={onClose}
          submitLabel={picked ? 'Link monitor' : 'Save'}
          disabled={unchanged}
        />
      </form>
    </FormDialog>
  );
}
