import { AreaPlaceholder } from '@web/app/area-placeholder';

export function UptimePage() {
  return <AreaPlaceholder title="Uptime Monitoring" />;
}
