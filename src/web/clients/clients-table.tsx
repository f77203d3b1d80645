import type { Client } from '@shared/clients';
import { HEALTH_STYLES } from '@web/components/health-badge';
import { SortHeader, type SortState } from '@web/components/sort-header';
import { TABLE_CELL, TABLE_HEAD_CELL, TableCard } from '@web/components/table-card';
import { TagBadges } from '@web/components/tag-badge';
import { formatCount } from '@web/lib/format';
import { cn } from '@web/lib/utils';
import { Link } from 'wouter';

const th = TABLE_HEAD_CELL;
const td = TABLE_CELL;

/**
 * The clients as a table: company, contact (name and email), how many websites each has and how many
 * of them are down now (their kept health), and tags. Company and contact sort on the server.
 */
export function ClientsTable({ clients, sorting }: { clients: readonly Client[]; sorting: SortState }) {
  return (
    <TableCard
      caption="Clients"
      head={
        <>
          <SortHeader label="Company" field="company" className={th} {...sorting} />
          <SortHeader label="Contact" field="name" className={th} {...sorting} />
          <th scope="col" className={`${th} text-right`}>
            Websites
          </th>
          <th scope="col" className={`${th} text-right`} title="Websites down now">
            Down
          </th>
          <th scope="col" className={th}>
            Tags
          </th>
        </>
      }
    >
      {clients.map((client) => (
        <ClientRow key={client.id} client={client} />
      ))}
    </TableCard>
  );
}

function ClientRow({ client }: { client: Client }) {
  const { total, down } = client.websites;
  const sites = `/websites?client=${client.id}`;
  return (
    <tr className="border-b last:border-0 hover:bg-muted/30" data-client-id={client.id}>
      <td className={cn(td, 'max-w-56 break-words')} data-column="company">
        {client.company ?? <span className="text-muted-foreground">—</span>}
      </td>
      <th scope="row" className={cn(td, 'max-w-72 text-left font-normal')} data-column="contact">
        <Link href={`/clients/${client.id}`} className="font-medium break-words text-primary hover:underline">
          {client.name}
        </Link>
        <span className="block truncate text-xs text-muted-foreground">{client.email ?? 'No email'}</span>
      </th>
      <td className={`${td} text-right tabular-nums`} data-column="websites">
        {total === 0 ? (
          <span className="text-muted-foreground">0</span>
        ) : (
          <Link
            href={sites}
            className="text-primary hover:underline"
            aria-label={`${formatCount(total, 'website')} of ${client.name}`}
          >
            {total}
          </Link>
        )}
      </td>
      <td className={`${td} text-right tabular-nums`} data-column="down">
        {down === 0 ? (
          <span className="text-muted-foreground">0</span>
        ) : (
          <Link
            href={`${sites}&health=down`}
            aria-label={`${formatCount(down, 'website')} of ${client.name} down`}
            className={cn(
              'inline-flex min-w-7 justify-center rounded-md border px-1.5 py-0.5 font-medium hover:underline',
              HEALTH_STYLES.down.badge,
            )}
          >
            {down}
          </Link>
        )}
      </td>
      <td className={td} data-column="tags">
        <TagBadges tags={client.tags} wrap />
      </td>
    </tr>
  );
}
