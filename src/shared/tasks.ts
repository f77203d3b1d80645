import { z } from 'zod';
import { idParam } from './ids';
import { pageMeta, pageParam, pageSizeParam, qParam, sortParam } from './lists';

export const TASK_STATUSES = ['todo', 'in-progress', 'review', 'completed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

export const TASK_TITLE_REQUIRED = 'Title is required';
export const TASK_STATUS_INVALID = 'Status must be one of: todo, in-progress, review, completed';
export const TASK_PRIORITY_INVALID = 'Priority must be one of: low, medium, high, urgent';
export const TASK_DUE_DATE_INVALID = 'Due date must be a date (YYYY-MM-DD)';
export const MAX_TASK_TAGS = 10;
export const MAX_TASK_TAG_LENGTH = 30;
const MAX_ID = 2_147_483_647;
const MAX_HOURS = 100_000;

/** An optional text field: "", null or absent all mean "none" and are stored as null. */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

/** A link to another row: a positive whole number, or null/absent for none. */
const linkId = (label: string) =>
  z
    .number({ error: `${label} must be a positive whole number or null` })
    .int(`${label} must be a positive whole number or null`)
    .min(1, `${label} must be a positive whole number or null`)
    .max(MAX_ID, `${label} must be a positive whole number or null`)
    .nullish()
    .transform((v) => v ?? null);

const hours = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must be 0 or more`)
    .max(MAX_HOURS, `${label} must be at most ${MAX_HOURS}`);

/** A real calendar day written YYYY-MM-DD ("2025-02-30" is not one). */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Trimmed, blanks dropped, duplicates (ignoring case) dropped, first spelling kept. */
export function normaliseTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out;
}

export const taskRequest = z.strictObject({
  title: z
    .string({ error: (iss) => (iss.input == null ? TASK_TITLE_REQUIRED : 'Title must be text') })
    .trim()
    .min(1, TASK_TITLE_REQUIRED)
    .max(200, 'Title must be at most 200 characters'),
  description: optionalText('Description', 5000),
  status: z.enum(TASK_STATUSES, { error: TASK_STATUS_INVALID }).default('todo'),
  priority: z.enum(TASK_PRIORITIES, { error: TASK_PRIORITY_INVALID }).default('medium'),
  assigneeId: linkId('Assignee'),
  clientId: linkId('Client'),
  websiteId: linkId('Website'),
  project: optionalText('Project', 200),
  dueDate: z
    .string({ error: TASK_DUE_DATE_INVALID })
    .trim()
    .refine((v) => v === '' || isIsoDate(v), TASK_DUE_DATE_INVALID)
    .nullish()
    .transform((v) => v || null),
  estimatedHours: hours('Estimated hours')
    .nullish()
    .transform((v) => v ?? null),
  timeSpentHours: hours('Time spent')
    .nullish()
    .transform((v) => v ?? 0),
  tags: z
    .array(z.string({ error: 'Tags must be text' }), { error: 'Tags must be a list of text' })
    .nullish()
    .transform((v) => normaliseTags(v ?? []))
    .refine(
      (v) => v.every((t) => t.length <= MAX_TASK_TAG_LENGTH),
      `Each tag must be at most ${MAX_TASK_TAG_LENGTH} characters`,
    )
    .refine((v) => v.length <= MAX_TASK_TAGS, `At most ${MAX_TASK_TAGS} tags`),
});
/** What a form sends (POST /api/tasks and PUT /api/tasks/{id}: PUT replaces every field). */
export type TaskRequest = z.input<typeof taskRequest>;
export type TaskInput = z.output<typeof taskRequest>;

const named = z.object({ id: z.number().int(), name: z.string() });

export const task = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  status: z.enum(TASK_STATUSES),
  priority: z.enum(TASK_PRIORITIES),
  assignee: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  client: named.nullable(),
  website: named.nullable(),
  project: z.string().nullable(),
  dueDate: z.string().nullable(),
  estimatedHours: z.number().nullable(),
  timeSpentHours: z.number(),
  tags: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Task = z.infer<typeof task>;
export const taskList = z.array(task);

export const TASK_SORTS = ['due', 'priority', 'status', 'title', 'createdAt'] as const;

/**
 * GET /api/tasks parameters, all optional. Without any the answer is the whole list; any paging key or
 * filter asks for a page, as on the other lists.
 */
export const taskListQuery = z.strictObject({
  page: pageParam.optional(),
  pageSize: pageSizeParam.optional(),
  q: qParam.optional(),
  sort: sortParam(TASK_SORTS).optional(),
  status: z.enum(TASK_STATUSES, { error: TASK_STATUS_INVALID }).optional(),
  priority: z.enum(TASK_PRIORITIES, { error: TASK_PRIORITY_INVALID }).optional(),
  assigneeId: idParam.optional(),
  clientId: idParam.optional(),
  websiteId: idParam.optional(),
});
export type TaskListQuery = z.output<typeof taskListQuery>;
/** The filters of GET /api/tasks: any of them (or a paging key) asks for a page. */
export const TASK_FILTER_KEYS = ['status', 'priority', 'assigneeId', 'clientId', 'websiteId'] as const;

export const taskPage = z.object({
  data: z.array(task),
  ...pageMeta,
  /** Every task per status, before any filter (the page's counters). */
  counts: z.object({
    todo: z.number().int(),
    'in-progress': z.number().int(),
    review: z.number().int(),
    completed: z.number().int(),
  }),
});
export type TaskPage = z.infer<typeof taskPage>;
export const taskListResponse = z.union([taskPage, taskList]);
