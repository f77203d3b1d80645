import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { tags } from './tags';
import { websites } from './websites';

export const websiteTags = pgTable(
  'website_tags',
  {
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    tagId: integer()
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.tagId] }), index('website_tags_tag_id_idx').on(t.tagId)],
);
