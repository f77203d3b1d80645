import { clientReportPath } from '@web/components/report-link';
import { needsRole, useCan } from '@web/components/role-gate';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { FileBarChart, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'wouter';

interface ClientActionsMenuProps {
  id: number;
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}

/** Report, Edit (Staff) and Delete (Admin: a deleted client cannot come back); a disabled item says whom it needs. */
export function ClientActionsMenu({ id, name, onEdit, onDelete }: ClientActionsMenuProps) {
  const canEdit = useCan('staff');
  const canDelete = useCan('admin');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={`Actions for ${name}`} className="-mr-2 -mt-1">
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem asChild>
          <Link href={clientReportPath(id)}>
            <FileBarChart aria-hidden="true" />
            Report
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem disabled={!canEdit} onSelect={onEdit}>
          <Pencil aria-hidden="true" />
          Edit
        </DropdownMenuItem>
        <DropdownMenuItem variant="destructive" disabled={!canDelete} onSelect={onDelete}>
          <Trash2 aria-hidden="true" />
          Delete
        </DropdownMenuItem>
        {!canDelete && (
          <DropdownMenuLabel
            className="max-w-56 text-xs font-normal text-muted-foreground"
            data-needs-role={canEdit ? 'admin' : 'staff'}
          >
            {canEdit
              ? `Deleting: ${needsRole('admin')}`
              : `${needsRole('staff')} to edit; deleting needs the Admin role`}
          </DropdownMenuLabel>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
