import { z } from 'zod';
import { EMAIL_INVALID } from './auth';
import { filterEnum, filterId, listQuery, pageMeta } from './lists';
import { websiteRisk } from './risk';
import { tag } from './tags';
import { health, websiteMonitoring } from './website-health';

export const CLIENT_STATUSES = ['active', 'inactive', 'archived'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];
export const CLIENT_NAME_REQUIRED = 'Name is required';
export const CLIENT_STATUS_INVALID = 'Status must be one of: active, inactive, archived';

/** An optional text field: "", null or absent all mean "none" and are stored as null. */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

export const clientRequest = z.strictObject({
  name: z
    .string({ error: (iss) => (iss.input == null ? CLIENT_NAME_REQUIRED : 'Name must be text') })
    .trim()
    .min(1, CLIENT_NAME_REQUIRED)
    .max(200, 'Name must be at most 200 characters'),
  jobTitle: optionalText('Job title', 200),
  company: optionalText('Company', 200),
  email: z
    .string({ error: 'Email must be text' })
    .trim()
    .max(254, 'Email must be at most 254 characters')
    .refine((v) => v === '' || z.email().safeParse(v).success, EMAIL_INVALID)
    .nullish()
    .transform((v) => v || null),
  phone: optionalText('Phone', 50),
  notes: optionalText('Notes', 5000),
  status: z.enum(CLIENT_STATUSES, { error: CLIENT_STATUS_INVALID }).default('active'),
});
/** What a form sends (POST /api/clients and PUT /api/clients/{id}). */
export type ClientRequest = z.input<typeof clientRequest>;
export type ClientInput = z.output<typeof clientRequest>;

export const client = z.object({
  id: z.number().int(),
  name: z.string(),
  jobTitle: z.string().nullable(),
  company: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  notes: z.string().nullable(),
  status: z.enum(CLIENT_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  tags: z.array(tag),
  /** Its websites (not removed) and how many of them are down now. */
  websites: z.object({ total: z.number().int(), down: z.number().int() }),
});
export type Client = z.infer<typeof client>;

export const clientList = z.array(client);

/** One website of a client, with what the client page shows of it. */
export const clientWebsite = z.object({
  id: z.number().int(),
  name: z.string(),
  domain: z.string(),
  status: z.string(),
  environment: z.string(),
  removed: z.boolean(),
  serverId: z.string().nullable(),
  serverLabel: z.string().nullable(),
  health,
  monitoring: websiteMonitoring.nullable(),
  wordpressVersion: z.string().nullable(),
  phpVersion: z.string().nullable(),
  risk: websiteRisk,
});
export type ClientWebsite = z.infer<typeof clientWebsite>;
export const clientWebsiteList = z.array(clientWebsite);

export const WEBSITE_IDS_REQUIRED = 'Choose at least one website';
/** POST /api/clients/{id}/websites: websites to give to this client (each leaves its previous client). */
export const assignWebsitesRequest = z.strictObject({
  websiteIds: z
    .array(z.number({ error: 'websiteIds must be website ids' }).int().positive(), {
      error: 'websiteIds must be a list of website ids',
    })
    .min(1, WEBSITE_IDS_REQUIRED)
    .max(1000, 'At most 1,000 websites at a time'),
});
export const assignWebsitesResult = z.object({ assigned: z.number().int() });
export const CLIENT_SORTS = ['name', 'company', 'status', 'createdAt'] as const;
export const CLIENT_FILTER_KEYS = ['status', 'tagId'];
/** GET /api/clients: every client, or with paging, `q`, `status` or `tagId` one page. */
export const clientListQuery = listQuery(CLIENT_SORTS, {
  status: filterEnum('status', CLIENT_STATUSES).optional(),
  tagId: filterId('tagId').optional(),
});
export type ClientListQuery = z.input<typeof clientListQuery>;
export const clientPage = z.object({ data: z.array(client), ...pageMeta });
export type ClientPage = z.infer<typeof clientPage>;
export const clientListResponse = z.union([clientPage, clientList]);
