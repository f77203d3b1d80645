import { AreaPlaceholder } from '@web/app/area-placeholder';

export function StyleGuidePage() {
  return <AreaPlaceholder title="Style Guide" />;
}
