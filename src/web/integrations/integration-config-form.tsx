import type { IntegrationProvider } from '@shared/integrations';
import { BetterUptimeForm } from './betteruptime-form';
import type { ConfigFormProps } from './config-form-shell';
import { GridPaneForm } from './gridpane-form';
import { HdSnapshotForm } from './hdsnapshot-form';

const FORMS = { gridpane: GridPaneForm, betteruptime: BetterUptimeForm, hdsnapshot: HdSnapshotForm };

/** The inline settings form of a wired integration. */
export function IntegrationConfigForm({
  provider,
  ...props
}: ConfigFormProps & { provider: IntegrationProvider }) {
  const Form = FORMS[provider];
  return <Form {...props} />;
}
