import { z } from 'zod';

export const ID_INVALID = 'The id must be a positive whole number';
// Identity columns are PostgreSQL integers: a larger id cannot exist, and would be a database error.
const MAX_ID = 2_147_483_647;

/** A path segment holding a row id: "12" → 12; anything else is a 400, not a database error. */
export const idParam = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, ID_INVALID)
  .transform(Number)
  .pipe(z.number().max(MAX_ID, ID_INVALID));

export const idParams = z.object({ id: idParam });
export const resourceTagParams = z.object({ id: idParam, tagId: idParam });
