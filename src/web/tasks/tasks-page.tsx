import { AreaPlaceholder } from '@web/app/area-placeholder';

export function TasksPage() {
  return <AreaPlaceholder title="Tasks" />;
}
