import { type IntegrationView, RESTORING_PROVIDERS } from '@shared/integrations';
import { RoleGate } from '@web/components/role-gate';
import { Button } from '@web/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@web/components/ui/card';
import { Switch } from '@web/components/ui/switch';
import { Tooltip, TooltipContent, TooltipTrigger } from '@web/components/ui/tooltip';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage, isApiError } from '@web/lib/api';
import { BookOpen, Check, Settings } from 'lucide-react';
import { useState } from 'react';
import { type HostWrite, useAllowWrite, useToggleIntegration, useTogglePending } from './api';
import type { CatalogueEntry } from './catalogue';
import { IntegrationConfigForm } from './integration-config-form';
import { IntegrationFacts, IntegrationStatusBadge } from './integration-status';
import { integrationStatus } from './status';

const MAX_FEATURES = 3;

export function IntegrationCard({ entry, view }: { entry: CatalogueEntry; view?: IntegrationView }) {
  const Icon = entry.icon;
  const wired = entry.provider !== undefined;
  const [configuring, setConfiguring] = useState(false);
  const status = integrationStatus(wired ? view : undefined, useTogglePending(entry.provider));
  const hidden = entry.features.length - MAX_FEATURES;
  return (
    <Card className="flex flex-col" data-testid={`integration-${entry.id}`}>
      <CardHeader className="gap-3">
        <div className="flex items-start justify-between gap-3">
          <div className="flex min-w-0 items-center gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary-text">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <CardTitle className="text-base">{entry.name}</CardTitle>
              <p className="text-xs text-muted-foreground capitalize">{entry.category}</p>
            </div>
          </div>
          {entry.provider && view ? (
            <ConnectSwitch entry={entry} view={view} onNeedsSetup={() => setConfiguring(true)} />
          ) : (
            <Switch aria-label={`Connect ${entry.name}`} checked={false} disabled />
          )}
        </div>
        <CardDescription>{entry.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-3">
        <div className="grid gap-1.5">
          <IntegrationStatusBadge status={status} />
          {view && <IntegrationFacts view={view} />}
        </div>
        <ul className="grid gap-1 text-sm">
          {entry.features.slice(0, MAX_FEATURES).map((feature) => (
            <li key={feature} className="flex items-center gap-2">
              <Check className="size-3.5 shrink-0 text-primary" aria-hidden="true" />
              {feature}
            </li>
          ))}
          {hidden > 0 && <li className="pl-5.5 text-xs text-muted-foreground">+{hidden} more</li>}
        </ul>
        {entry.provider && view?.configured && isRestoringHost(entry.provider) && (
          <>
            <AllowWrite entry={entry} view={view} write="allowRestores" />
            <AllowWrite entry={entry} view={view} write="allowUpdates" />
          </>
        )}
        {configuring && entry.provider && (
          <IntegrationConfigForm provider={entry.provider} view={view} onDone={() => setConfiguring(false)} />
        )}
      </CardContent>
      <CardFooter className="gap-2">
        {wired ? (
          <Button
            variant="outline"
            size="sm"
            className="flex-1"
            onClick={() => setConfiguring((v) => !v)}
            aria-expanded={configuring}
          >
            <Settings aria-hidden="true" />
            Configure
          </Button>
        ) : (
          <ComingSoonButton />
        )}
        {entry.docsUrl && (
          <Button variant="ghost" size="sm" asChild>
            <a href={entry.docsUrl} target="_blank" rel="noopener noreferrer">
              <BookOpen aria-hidden="true" />
              Docs<span className="sr-only"> for {entry.name} (opens in a new tab)</span>
            </a>
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}

function ComingSoonButton() {
  // aria-disabled rather than disabled: the button stays focusable, so the tooltip can say why.
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          className="flex-1 cursor-not-allowed opacity-50 hover:bg-background"
          aria-disabled="true"
          onClick={(event) => event.preventDefault()}
        >
          <Settings aria-hidden="true" />
          Configure
        </Button>
      </TooltipTrigger>
      <TooltipContent>Coming soon</TooltipContent>
    </Tooltip>
  );
}

const isRestoringHost = (provider: string) => (RESTORING_PROVIDERS as readonly string[]).includes(provider);

/** What each write an Admin may allow through a host does, in the words of its switch. */
const HOST_WRITES: Record<HostWrite, { label: string; noun: string; note: string }> = {
  allowRestores: {
    label: 'Allow restores from Agency Hub',
    noun: 'Restores',
    note: "Replaces a client's site with one of its backups, after backing up the site as it is. Only Admins who sign in with two factors can restore.",
  },
  allowUpdates: {
    label: 'Allow updates from Agency Hub',
    noun: 'Updates',
    note: "Updates plugins, themes and WordPress on a client's site when Staff ask: backed up first, checked after, rolled back when the site breaks.",
  },
};

/**
 * Whether Agency Hub may write to a client's site through this host (restore a backup, update what it
 * runs): off until an Admin turns it on here.
 */
function AllowWrite({
  entry,
  view,
  write,
}: {
  entry: CatalogueEntry;
  view: IntegrationView;
  write: HostWrite;
}) {
  const allow = useAllowWrite(view.provider, write);
  const { label, noun, note } = HOST_WRITES[write];
  const id = `${write}-${view.provider}`;
  const onChange = (allowed: boolean) =>
    allow.mutate(allowed, {
      onError: (error) =>
        toast({
          title: `${noun} were not changed`,
          description: errorMessage(error, `Could not change ${entry.name}`),
          variant: 'destructive',
        }),
    });
  return (
    <div className="grid gap-1 rounded-md border p-3">
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <RoleGate need="admin">
          <Switch
            id={id}
            checked={allow.isPending ? Boolean(allow.variables) : view[write]}
            disabled={allow.isPending}
            onCheckedChange={onChange}
          />
        </RoleGate>
      </div>
      <p className="text-xs text-muted-foreground">{note}</p>
    </div>
  );
}

function ConnectSwitch({
  entry,
  view,
  onNeedsSetup,
}: {
  entry: CatalogueEntry;
  view: IntegrationView;
  onNeedsSetup: () => void;
}) {
  const toggle = useToggleIntegration(view.provider);
  const onChange = (enabled: boolean) =>
    toggle.mutate(enabled, {
      onError: (error) => {
        if (isApiError(error) && error.code === 'integration_not_configured') onNeedsSetup();
        toast({
          title: 'Failed to toggle integration',
          description: errorMessage(error, `Could not change ${entry.name}`),
          variant: 'destructive',
        });
      },
    });
  return (
    <RoleGate need="admin">
      <Switch
        aria-label={`Connect ${entry.name}`}
        checked={toggle.isPending ? Boolean(toggle.variables) : view.enabled}
        disabled={toggle.isPending}
        onCheckedChange={onChange}
      />
    </RoleGate>
  );
}
