import type { Website } from '@shared/websites';
import { RoleGate } from '@web/components/role-gate';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { useClients } from '@web/lib/clients/api';
import { useSetWebsiteClient } from '@web/lib/clients/client-api';
import { Link } from 'wouter';
import { useWebsite } from '../lib/websites/api';

const NONE = 'none';

/** Which client the website belongs to (at most one), changed in place. */
export function WebsiteClientCard({ website }: { website: Website }) {
  const clients = useClients();
  const set = useSetWebsiteClient();
  const current = clients.data?.find((c) => c.id === website.clientId);
  const choose = async (value: string) => {
    const clientId = value === NONE ? null : Number(value);
    try {
      const { client } = await set.mutateAsync({ websiteId: website.id, clientId });
      toast({
        title: client
          ? `${website.domain} now belongs to ${client.name}`
          : `${website.domain} has no client now`,
      });
    } catch (error) {
      toast({
        title: 'Failed to change the client',
        description: errorMessage(error, ''),
        variant: 'destructive',
      });
    }
  };
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">Client</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <Select
          value={website.clientId === null ? NONE : String(website.clientId)}
          onValueChange={choose}
          disabled={clients.isPending || set.isPending}
        >
          <RoleGate need="staff" className="w-full sm:w-72">
            <SelectTrigger aria-label="Client" className="w-full sm:w-72">
              <SelectValue placeholder={clients.isPending ? 'Loading clients...' : 'No client'} />
            </SelectTrigger>
          </RoleGate>
          <SelectContent>
            <SelectItem value={NONE}>No client</SelectItem>
            {clients.data?.map((c) => (
              <SelectItem key={c.id} value={String(c.id)}>
                {c.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {clients.isError && (
          <p role="alert" className="text-sm text-destructive-text">
            {errorMessage(clients.error, 'Could not load the clients')}
          </p>
        )}
        {current && (
          <Link href={`/clients/${current.id}`} className="text-sm text-primary-text hover:underline">
            Open {current.name}
          </Link>
        )}
      </CardContent>
    </Card>
  );
}

/** The same card on a GridPane site's page, which knows only the internal website's id. */
export function WebsiteClientCardById({ websiteId }: { websiteId: number }) {
  const website = useWebsite(String(websiteId));
  return website.data ? <WebsiteClientCard website={website.data} /> : null;
}
