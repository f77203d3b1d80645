import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { tags } from './tags';

// One join table per tagged resource, with foreign keys; deleting either side drops the link.
export const clientTags = pgTable(
  'client_tags',
  {
    clientId: integer()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    tagId: integer()
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  // The primary key serves lookups by client; the cascade on tag deletion needs its own index.
  (t) => [primaryKey({ columns: [t.clientId, t.tagId] }), index('client_tags_tag_id_idx').on(t.tagId)],
);
