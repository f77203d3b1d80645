import { AreaPlaceholder } from '@web/app/area-placeholder';

export function IntegrationsPage() {
  return <AreaPlaceholder title="Integrations" />;
}
