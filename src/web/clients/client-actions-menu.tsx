import { clientReportPath } from '@web/components/report-link';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
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

export function ClientActionsMenu({ id, name, onEdit, onDelete }: ClientActionsMenuProps) {
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
        <DropdownMenuItem onSelect={onEdit}>
          <Pencil aria-hidden="true" />
          Edit
        </DropdownMenuItem>
        <DropdownMenuItem variant="destructive" onSelect={onDelete}>
          <Trash2 aria-hidden="true" />
          Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
