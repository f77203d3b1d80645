import { Badge } from '@web/components/ui/badge';

/** A provider status (site or server): active is the primary badge, error destructive, anything else grey. */
export function ProviderStatusBadge({ status }: { status: string | null | undefined }) {
  const value = status?.trim() || 'unknown';
  const variant = value === 'active' ? 'default' : value === 'error' ? 'destructive' : 'secondary';
  return <Badge variant={variant}>{value}</Badge>;
}
