import type { IntegrationProvider } from '@shared/integrations';
import type { ComponentType } from 'react';
import { BetterUptimeForm } from './betteruptime-form';
import type { ConfigFormProps } from './config-form-shell';
import { GridPaneForm } from './gridpane-form';
import { HdSnapshotForm } from './hdsnapshot-form';
import { KinstaForm } from './kinsta-form';
import { WordfenceForm } from './wordfence-form';

// Every provider has a form: a provider added without one fails to compile here.
const FORMS: Record<IntegrationProvider, ComponentType<ConfigFormProps>> = {
  gridpane: GridPaneForm,
  kinsta: KinstaForm,
  betteruptime: BetterUptimeForm,
  hdsnapshot: HdSnapshotForm,
  wordfence: WordfenceForm,
};

/** The inline settings form of a wired integration. */
export function IntegrationConfigForm({
  provider,
  ...props
}: ConfigFormProps & { provider: IntegrationProvider }) {
  const Form = FORMS[provider];
  return <Form {...props} />;
}
