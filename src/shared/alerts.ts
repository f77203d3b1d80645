import { z } from 'zod';

export const ALERT_CHANNEL_KINDS = ['email', 'slack', 'webhook'] as const;
export type AlertChannelKind = (typeof ALERT_CHANNEL_KINDS)[number];

const name = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name must be at most 100 characters');
const webUrl = z
  .string({ error: 'URL is required' })
  .trim()
  .min(1, 'URL is required')
  .max(2048, 'URL must be at most 2048 characters')
  .refine((v) => URL.canParse(v) && ['http:', 'https:'].includes(new URL(v).protocol), {
    message: 'Enter an http:// or https:// address',
  });
const common = {
  name,
  /** Rules: only incidents of clients with one of these tags; none (or empty) means every incident. */
  tagIds: z
    .array(z.number().int().positive(), { error: 'Tags must be a list of tag ids' })
    .max(100)
    .default([]),
  enabled: z.boolean().default(true),
};

export const alertChannelRequest = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('email'),
      email: z.email({ error: 'Please enter a valid email address' }).max(254),
      ...common,
    }),
    z.strictObject({ kind: z.literal('slack'), url: webUrl, ...common }),
    z.strictObject({ kind: z.literal('webhook'), url: webUrl, ...common }),
  ],
  { error: 'Kind must be email, slack or webhook' },
);
export type AlertChannelRequest = z.input<typeof alertChannelRequest>;
export type AlertChannelInput = z.output<typeof alertChannelRequest>;

export const alertChannel = z.object({
  id: z.number().int(),
  kind: z.enum(ALERT_CHANNEL_KINDS),
  name: z.string(),
  /** Email address; for webhooks the URL; for Slack (whose URL is its secret) a masked hint. */
  target: z.string(),
  tagIds: z.array(z.number().int()),
  enabled: z.boolean(),
  lastDelivery: z
    .object({ status: z.enum(['pending', 'sent', 'failed']), at: z.string(), error: z.string().nullable() })
    .nullable(),
  createdAt: z.string(),
});
export type AlertChannel = z.infer<typeof alertChannel>;
export const alertChannelList = z.object({ data: z.array(alertChannel) });
/** A new webhook channel's signing secret, shown once. */
export const createdAlertChannel = alertChannel.extend({ secret: z.string().optional() });
export const alertTestResponse = z.object({ message: z.string() });

/** How webhook alerts are signed (documented for receivers). */
export const WEBHOOK_SIGNATURE_HEADER = 'x-agencyhub-signature';
export const WEBHOOK_TIMESTAMP_HEADER = 'x-agencyhub-timestamp';
