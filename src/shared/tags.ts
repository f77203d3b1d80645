import { z } from 'zod';

export const TAG_DEFAULT_COLOR = '#3b82f6';
export const TAG_NAME_REQUIRED = 'Name is required';
export const TAG_COLOR_INVALID = 'Colour must be a hex value such as #3b82f6';

export const tagName = z
  .string({ error: (iss) => (iss.input === undefined ? TAG_NAME_REQUIRED : 'Name must be text') })
  .trim()
  .min(1, TAG_NAME_REQUIRED)
  .max(50, 'Name must be at most 50 characters');

// Stored in lower case so that "#3B82F6" and "#3b82f6" are one colour everywhere.
export const tagColor = z
  .string({ error: TAG_COLOR_INVALID })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, TAG_COLOR_INVALID)
  .transform((v) => v.toLowerCase());

/** POST /api/tags. The website quick-create sends only a name; the colour then defaults. */
export const createTagRequest = z.strictObject({
  name: tagName,
  color: tagColor.default(TAG_DEFAULT_COLOR),
});
export type CreateTagRequest = z.input<typeof createTagRequest>;

/** PUT /api/tags/{id}. Without a colour the tag keeps its current one. */
export const updateTagRequest = z.strictObject({
  name: tagName,
  color: tagColor.optional(),
});
export type UpdateTagRequest = z.input<typeof updateTagRequest>;

export const tag = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
});
export type Tag = z.infer<typeof tag>;

export const tagList = z.array(tag);

/** POST /api/{resourceType}/{id}/tags. */
export const addResourceTagRequest = z.strictObject({
  tagId: z
    .number({ error: 'tagId must be the id of a tag' })
    .int('tagId must be the id of a tag')
    .positive('tagId must be the id of a tag'),
});
export type AddResourceTagRequest = z.infer<typeof addResourceTagRequest>;
