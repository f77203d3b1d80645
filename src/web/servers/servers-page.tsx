import { AreaPlaceholder } from '@web/app/area-placeholder';

export function ServersPage() {
  return <AreaPlaceholder title="Servers" subtitle="Manage your GridPane servers" />;
}
