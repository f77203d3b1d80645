import { AreaPlaceholder } from '@web/app/area-placeholder';
import { BackLink } from '@web/components/back-link';
import { useParams } from 'wouter';

export function InternalWebsitePage() {
  const { id } = useParams<{ id: string }>();
  return (
    <AreaPlaceholder title="Website details" subtitle={`Website ID ${id}`} heading="This page is being built">
      <BackLink href="/websites">Back to Sites</BackLink>
    </AreaPlaceholder>
  );
}
