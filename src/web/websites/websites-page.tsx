import { AreaPlaceholder } from '@web/app/area-placeholder';

export function WebsitesPage() {
  return <AreaPlaceholder title="Websites" />;
}
