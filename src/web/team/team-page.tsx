import { AreaPlaceholder } from '@web/app/area-placeholder';

export function TeamPage() {
  return <AreaPlaceholder title="Team" />;
}
