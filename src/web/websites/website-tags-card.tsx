import type { Website } from '@shared/websites';
import { CreateTagForm } from '@web/components/create-tag-form';
import { needsRole, useCan } from '@web/components/role-gate';
import { TagBadge } from '@web/components/tag-badge';
import { ManageTagsDialog } from '@web/components/tags/manage-tags-dialog';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { useResourceTagChanges, useTags } from '@web/lib/tags/api';
import { Plus, Tags, X } from 'lucide-react';
import type { ReactNode } from 'react';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h3 className="text-sm font-medium text-muted-foreground">{title}</h3>
      {children}
    </section>
  );
}

/** The tags of one internal website: assigned (removing one offers Undo), add an existing one, create one. */
export function WebsiteTagsCard({ website }: { website: Website }) {
  const allTags = useTags();
  const { addTag, removeTag, createTag, busy, creating } = useResourceTagChanges('websites', website.id);
  const assignedIds = new Set(website.tags.map((tag) => tag.id));
  const available = (allTags.data ?? []).filter((tag) => !assignedIds.has(tag.id));

  // Tagging is Staff work: a Viewer sees the tags, without the controls that change them.
  const canTag = useCan('staff');

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2 pb-4">
        <CardTitle className="flex items-center gap-2 text-base">
          <Tags className="size-4 text-muted-foreground" aria-hidden="true" />
          Tags
        </CardTitle>
        <ManageTagsDialog
          trigger={
            <Button variant="outline" size="sm">
              Manage Tags
            </Button>
          }
        />
      </CardHeader>
      <CardContent className="grid gap-5">
        <Section title="Assigned Tags">
          {website.tags.length === 0 ? (
            <p className="text-sm text-muted-foreground">No tags assigned</p>
          ) : (
            <ul className="flex flex-wrap gap-2" aria-label="Assigned tags">
              {website.tags.map((tag) => (
                <li key={tag.id}>
                  <TagBadge tag={tag} className="py-1 pr-1 text-sm">
                    {canTag && (
                      <button
                        type="button"
                        onClick={() => removeTag(tag)}
                        disabled={busy}
                        aria-label={`Remove tag ${tag.name}`}
                        className="rounded-sm p-0.5 opacity-80 hover:bg-black/15 hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-50"
                      >
                        <X aria-hidden="true" />
                      </button>
                    )}
                  </TagBadge>
                </li>
              ))}
            </ul>
          )}
        </Section>
        {canTag && available.length > 0 && (
          <Section title="Add Existing Tag">
            <div className="flex flex-wrap gap-2">
              {available.map((tag) => (
                <Button
                  key={tag.id}
                  variant="outline"
                  size="sm"
                  onClick={() => addTag(tag)}
                  disabled={busy}
                  aria-label={`Add tag ${tag.name}`}
                >
                  <span
                    className="size-2.5 rounded-full"
                    style={{ backgroundColor: tag.color }}
                    aria-hidden="true"
                  />
                  {tag.name}
                  <Plus aria-hidden="true" />
                </Button>
              ))}
            </div>
          </Section>
        )}
        {canTag ? (
          <Section title="Create New Tag">
            <CreateTagForm onCreate={createTag} busy={creating} />
          </Section>
        ) : (
          <p className="text-sm text-muted-foreground" data-needs-role="staff">
            {needsRole('staff')} to change tags.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
