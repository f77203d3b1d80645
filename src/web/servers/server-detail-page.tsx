import { AreaPlaceholder } from '@web/app/area-placeholder';
import { BackLink } from '@web/components/back-link';
import { useParams } from 'wouter';

export function ServerDetailPage() {
  const { id } = useParams<{ id: string }>();
  return (
    <AreaPlaceholder title="Server details" subtitle={`Server ID ${id}`} heading="This page is being built">
      <BackLink href="/servers">Back to Servers</BackLink>
    </AreaPlaceholder>
  );
}
