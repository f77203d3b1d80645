import { z } from 'zod';

export const TOKEN_EXPIRY_DAYS = [30, 90, 365] as const;
export const TOKEN_EXPIRY_INVALID = 'Choose an expiry of 30, 90 or 365 days, or none';

export const createTokenRequest = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, 'Give the token a name, e.g. what will use it')
    .max(100, 'The name must be at most 100 characters'),
  /** Days from now; null: the token never expires. */
  expiresInDays: z.union(
    [...TOKEN_EXPIRY_DAYS.map((d) => z.literal(d)), z.null()] as [
      z.ZodLiteral<30>,
      z.ZodLiteral<90>,
      z.ZodLiteral<365>,
      z.ZodNull,
    ],
    { error: TOKEN_EXPIRY_INVALID },
  ),
  /** A read-only token may only read: every other method answers 403. */
  readOnly: z.boolean({ error: 'readOnly must be true or false' }).default(false),
});
export type CreateTokenRequest = z.input<typeof createTokenRequest>;

/** The answer to creating a token: the only time its secret is ever shown. */
export const createdToken = z.object({
  id: z.number().int(),
  name: z.string(),
  token: z.string(),
  expiresAt: z.string().nullable(),
  readOnly: z.boolean(),
});
export type CreatedToken = z.infer<typeof createdToken>;

/** A token as listed: never its secret. */
export const apiToken = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  readOnly: z.boolean(),
});
export type ApiToken = z.infer<typeof apiToken>;
export const apiTokenList = z.array(apiToken);
