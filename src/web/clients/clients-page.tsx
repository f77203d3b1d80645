import { AreaPlaceholder } from '@web/app/area-placeholder';

export function ClientsPage() {
  return <AreaPlaceholder title="Clients" subtitle="Manage your agency clients" />;
}
