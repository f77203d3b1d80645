import { exportUrl } from '@shared/exports';
import { usePageTitle } from '@web/app/page-title';
import { ExportButton } from '@web/components/export-button';
import { ListPager } from '@web/components/list-pager';
import { EmptyState, ErrorState } from '@web/components/page-states';
import { needsRole, useCan } from '@web/components/role-gate';
import { TABLE_CELL, TABLE_HEAD_CELL, TableCard } from '@web/components/table-card';
import { Badge } from '@web/components/ui/badge';
import { LoadingState } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { formatDateTime } from '@web/lib/format';
import { useListParams } from '@web/lib/use-list-params';
import { ScrollText } from 'lucide-react';
import { AUDIT_PARAM_KEYS, auditFilters, useAuditPage, useAuditVerification } from './api';
import { AuditFilters } from './audit-filters';
import { summariseChanges, targetLabel } from './summary';
import { ChainAnswer, VerifyChainButton } from './verify-chain';

const COLUMNS = ['When', 'Who', 'Action', 'Target', 'Changes', 'IP'];

/** A cell's value that narrows the list to entries with the same value (a person, an action). */
function FilterButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      title={label}
      aria-label={label}
      className="rounded-sm text-left hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      {children}
    </button>
  );
}

/** Who changed what, newest first: Admins and Owners read, filter, export and check the audit log. */
export function AuditPage() {
  usePageTitle('Audit log', 'Who changed what, and when');
  // The sidebar offers the page to Admins and Owners only; anyone else reaching it by its address is
  // told why, without filters or buttons that could only fail.
  if (!useCan('admin'))
    return (
      <div className="mx-auto grid max-w-7xl">
        <ErrorState title="The audit log is for Admins and Owners" description={`${needsRole('admin')}.`} />
      </div>
    );
  return <AuditLog />;
}

function AuditLog() {
  const { params, set } = useListParams(AUDIT_PARAM_KEYS);
  const entries = useAuditPage(params);
  // The entries the last chain check named, highlighted in the list.
  const named = new Set(useAuditVerification().data?.findings.map((f) => f.entryId));
  const filtered = AUDIT_PARAM_KEYS.some((key) => params[key] !== undefined);

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-2xl font-semibold tracking-tight">Audit log</h2>
          <div className="flex flex-wrap gap-2">
            <VerifyChainButton />
            <ExportButton
              href={exportUrl('/api/audit/export.csv', auditFilters(params))}
              description="Export CSV of the audit entries matching these filters"
            />
          </div>
        </div>
        <ChainAnswer />
      </div>
      <AuditFilters params={params} set={set} />
      {entries.isPending ? (
        <LoadingState text="Loading audit entries..." />
      ) : entries.isError ? (
        <ErrorState
          title="Unable to load the audit log"
          description={errorMessage(entries.error, 'Please try again.')}
        />
      ) : entries.data.data.length === 0 ? (
        <EmptyState
          icon={ScrollText}
          title={filtered ? 'No audit entries match these filters' : 'No audit entries yet'}
          description={
            filtered
              ? 'Change or clear the filters to see more.'
              : 'Every change made in Agency Hub or through its API is recorded here.'
          }
        />
      ) : (
        <>
          <TableCard
            caption="Audit entries"
            head={COLUMNS.map((c) => (
              <th key={c} scope="col" className={TABLE_HEAD_CELL}>
                {c}
              </th>
            ))}
          >
            {entries.data.data.map((e) => {
              const changes = summariseChanges(e.changes);
              return (
                <tr
                  key={e.id}
                  className={`border-b last:border-0 ${named.has(e.id) ? 'bg-destructive/10' : ''}`}
                >
                  <td className={`${TABLE_CELL} whitespace-nowrap tabular-nums`}>
                    {formatDateTime(e.at)}
                    {named.has(e.id) && <span className="sr-only"> (named by the chain check)</span>}
                  </td>
                  <td className={`${TABLE_CELL} whitespace-nowrap`}>
                    {e.actor.type === 'system' ? (
                      // Agency Hub itself (the log's own upkeep): no person to filter by.
                      <span className="text-muted-foreground">{e.actor.name}</span>
                    ) : (
                      <FilterButton
                        label={`Show only ${e.actor.name}'s entries`}
                        onClick={() => set({ actorId: String(e.actor.id) })}
                      >
                        {e.actor.name}
                      </FilterButton>
                    )}
                    {e.actor.token && (
                      <Badge
                        variant="outline"
                        className="ml-1.5 font-normal"
                        title={`Through the API token "${e.actor.token.name}"`}
                      >
                        API token “{e.actor.token.name}”
                      </Badge>
                    )}
                  </td>
                  <td className={`${TABLE_CELL} font-mono text-xs whitespace-nowrap`}>
                    <FilterButton
                      label={`Show only ${e.action} entries`}
                      onClick={() => set({ action: e.action })}
                    >
                      {e.action}
                    </FilterButton>
                  </td>
                  <td className={`${TABLE_CELL} whitespace-nowrap`}>
                    {targetLabel(e.targetType, e.targetId)}
                  </td>
                  <td className={`${TABLE_CELL} max-w-md`}>
                    <span className="line-clamp-2 break-words text-muted-foreground" title={changes}>
                      {changes || '—'}
                    </span>
                  </td>
                  <td className={`${TABLE_CELL} whitespace-nowrap tabular-nums text-muted-foreground`}>
                    {e.ip ?? '—'}
                  </td>
                </tr>
              );
            })}
          </TableCard>
          <ListPager
            page={entries.data.page}
            total={entries.data.total}
            pageSize={entries.data.pageSize}
            onPage={(page) => set({ page })}
          />
        </>
      )}
    </div>
  );
}
