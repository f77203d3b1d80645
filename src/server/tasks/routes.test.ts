import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { activity, websites } from '../db/schema';

let t: TestApp;
let cookie: string;
let userId: number;
let clientId: number;
let websiteId: number;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
  userId = (await call('GET', '/api/users')).json()[0].id;
  clientId = (await call('POST', '/api/clients', { name: 'Acme Ltd' })).json().id;
  // Websites come from provider syncs; one row is all a link needs.
  const site = { name: 'Acme Shop', domain: 'shop.acme.test', status: 'active', environment: 'production' };
  const [row] = await t.db
    .insert(websites)
    .values({ ...site, integrationProvider: 'gridpane' })
    .returning();
  websiteId = row!.id;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, signedIn = true) =>
  t.app.inject({
    method,
    url,
    headers: signedIn ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const create = async (body: Record<string, unknown>) => {
  const res = await call('POST', '/api/tasks', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const list = async () => (await call('GET', '/api/tasks')).json() as { id: number }[];
/** A filtered list is a page, as on the other lists. */
const page = async (query: string) =>
  ((await call('GET', `/api/tasks${query}`)).json() as { data: { id: number }[] }).data;
const lastActivity = async () => (await t.db.select().from(activity).orderBy(desc(activity.id)).limit(1))[0]!;

const full = () => ({
  title: 'Update plugins',
  description: 'Monthly maintenance',
  status: 'in-progress',
  priority: 'high',
  assigneeId: userId,
  clientId,
  websiteId,
  project: 'Care plan',
  dueDate: '2030-01-31',
  estimatedHours: 4,
  timeSpentHours: 1.5,
  tags: ['maintenance', 'wordpress'],
});

describe('POST /api/tasks', () => {
  it('creates a task with every field and answers with the linked names', async () => {
    const task = await create(full());
    const { assigneeId: _a, clientId: _c, websiteId: _w, ...rest } = full();
    expect(task).toEqual({
      id: expect.any(Number),
      ...rest,
      assignee: { id: userId, username: 'alice' },
      client: { id: clientId, name: 'Acme Ltd' },
      website: { id: websiteId, name: 'Acme Shop' },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await lastActivity()).toMatchObject({
      action: 'task.created',
      message: 'alice added task Update plugins',
      link: '/tasks',
    });
  });

  it('defaults everything but the title, trims text and cleans the tags', async () => {
    const task = await create({
      title: '  Write copy ',
      description: ' ',
      project: '',
      dueDate: '',
      tags: [' SEO ', 'seo', '', 'Copy'],
    });
    expect(task).toMatchObject({
      title: 'Write copy',
      description: null,
      status: 'todo',
      priority: 'medium',
      assignee: null,
      client: null,
      website: null,
      project: null,
      dueDate: null,
      estimatedHours: null,
      timeSpentHours: 0,
      tags: ['SEO', 'Copy'],
    });
  });

  it('rejects a missing or blank title with the shared schema message', async () => {
    for (const body of [{}, { title: '   ' }, { title: null }]) {
      const res = await call('POST', '/api/tasks', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'invalid_input',
        fieldErrors: { title: ['Title is required'] },
      });
    }
  });

  it('rejects each invalid field with a clear message', async () => {
    const tooMany = Array.from({ length: 11 }, (_, i) => `t${i}`);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: 'x'.repeat(201) }, 'title', 'Title must be at most 200 characters'],
      [{ description: 'x'.repeat(5001) }, 'description', 'Description must be at most 5000 characters'],
      [{ project: 'x'.repeat(201) }, 'project', 'Project must be at most 200 characters'],
      [{ status: 'done' }, 'status', 'Status must be one of: todo, in-progress, review, completed'],
      [{ priority: 'asap' }, 'priority', 'Priority must be one of: low, medium, high, urgent'],
      [{ dueDate: '31/01/2030' }, 'dueDate', 'Due date must be a date (YYYY-MM-DD)'],
      [{ dueDate: '2030-02-30' }, 'dueDate', 'Due date must be a date (YYYY-MM-DD)'],
      [{ dueDate: 20300131 }, 'dueDate', 'Due date must be a date (YYYY-MM-DD)'],
      [{ estimatedHours: -1 }, 'estimatedHours', 'Estimated hours must be 0 or more'],
      [{ timeSpentHours: '2' }, 'timeSpentHours', 'Time spent must be a number'],
      [{ tags: tooMany }, 'tags', 'At most 10 tags'],
      [{ tags: ['x'.repeat(31)] }, 'tags', 'Each tag must be at most 30 characters'],
      [{ tags: 'a,b' }, 'tags', 'Tags must be a list of text'],
      [{ assigneeId: 0 }, 'assigneeId', 'Assignee must be a positive whole number or null'],
      [{ clientId: 1.5 }, 'clientId', 'Client must be a positive whole number or null'],
      [{ websiteId: '3' }, 'websiteId', 'Website must be a positive whole number or null'],
    ];
    for (const [patch, field, message] of cases) {
      const res = await call('POST', '/api/tasks', { title: 'Valid', ...patch });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fieldErrors[field], JSON.stringify(patch)).toEqual([message]);
    }
    const extra = await call('POST', '/api/tasks', { title: 'Valid', owner: 'bob' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toMatch(/owner/);
  });

  it('answers 400 naming each unknown link, and writes nothing', async () => {
    const before = (await list()).length;
    const res = await call('POST', '/api/tasks', {
      title: 'Orphan',
      assigneeId: 99999,
      clientId: 99999,
      websiteId,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'No team member with id 99999; No client with id 99999',
      code: 'invalid_input',
      fieldErrors: {
        assigneeId: ['No team member with id 99999'],
        clientId: ['No client with id 99999'],
      },
    });
    const site = await call('POST', '/api/tasks', { title: 'Orphan', websiteId: 99999 });
    expect(site.json().fieldErrors).toEqual({ websiteId: ['No website with id 99999'] });
    await call('POST', '/api/tasks', { title: 'Orphan', status: 'bogus' });
    expect(await list()).toHaveLength(before);
  });
});

describe('GET /api/tasks', () => {
  it('orders by status (board order), then due date (none last), then id; and filters', async () => {
    const a = await create({ title: 'A', status: 'review', dueDate: '2030-05-01' });
    const b = await create({ title: 'B', status: 'todo' });
    const c = await create({ title: 'C', status: 'todo', dueDate: '2030-01-01' });
    const d = await create({ title: 'D', status: 'completed', priority: 'urgent', clientId });
    const ids = (await list()).map((x) => x.id);
    const pos = (id: number) => ids.indexOf(id);
    expect(pos(c.id)).toBeLessThan(pos(b.id));
    expect(pos(b.id)).toBeLessThan(pos(a.id));
    expect(pos(a.id)).toBeLessThan(pos(d.id));

    expect((await page('?status=review')).map((x) => x.id)).toContain(a.id);
    expect((await page('?status=review')).map((x) => x.id)).not.toContain(b.id);
    expect((await page(`?priority=urgent&clientId=${clientId}`)).map((x) => x.id)).toEqual([d.id]);
    const bad = await call('GET', '/api/tasks?status=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({
      status: ['Status must be one of: todo, in-progress, review, completed'],
    });
  });
});

describe('PUT /api/tasks/{id}', () => {
  it('replaces every field, keeps createdAt and moves updatedAt', async () => {
    const task = await create(full());
    const res = await call('PUT', `/api/tasks/${task.id}`, {
      title: 'Renamed',
      status: 'review',
      tags: ['qa'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: task.id,
      title: 'Renamed',
      description: null,
      status: 'review',
      priority: 'medium',
      assignee: null,
      client: null,
      website: null,
      estimatedHours: null,
      timeSpentHours: 0,
      tags: ['qa'],
      createdAt: task.createdAt,
    });
    expect(res.json().updatedAt >= task.updatedAt).toBe(true);
    expect(await lastActivity()).toMatchObject({
      action: 'task.updated',
      message: 'alice updated task Renamed',
    });
  });

  it('logs completing a task as such (the board checkbox sends the whole task with a new status)', async () => {
    const task = await create({ title: 'Ship it' });
    await call('PUT', `/api/tasks/${task.id}`, { title: 'Ship it', status: 'completed' });
    expect(await lastActivity()).toMatchObject({
      type: 'success',
      action: 'task.completed',
      message: 'alice completed task Ship it',
    });
    await call('PUT', `/api/tasks/${task.id}`, { title: 'Ship it', status: 'todo' });
    expect((await lastActivity()).action).toBe('task.updated');
  });

  it('validates like POST and changes nothing on failure', async () => {
    const task = await create({ title: 'Stay', clientId });
    const invalid = await call('PUT', `/api/tasks/${task.id}`, { title: '', dueDate: 'soon' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fieldErrors).toEqual({
      title: ['Title is required'],
      dueDate: ['Due date must be a date (YYYY-MM-DD)'],
    });
    const unknown = await call('PUT', `/api/tasks/${task.id}`, { title: 'Moved', clientId: 424242 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors).toEqual({ clientId: ['No client with id 424242'] });
    const after = (await list()).find((x) => x.id === task.id);
    expect(after).toMatchObject({ title: 'Stay', client: { id: clientId } });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const missing = await call('PUT', '/api/tasks/999999', { title: 'X' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Task not found', code: 'not_found' });
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      const bad = await call('PUT', `/api/tasks/${id}`, { title: 'X' });
      expect(bad.statusCode, id).toBe(400);
      expect(bad.json().fieldErrors).toEqual({ id: ['The id must be a positive whole number'] });
    }
  });
});

describe('DELETE /api/tasks/{id}', () => {
  it('deletes the task, logs it, and answers 404 the second time', async () => {
    const task = await create({ title: 'Gone' });
    const res = await call('DELETE', `/api/tasks/${task.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await list()).map((x) => x.id)).not.toContain(task.id);
    expect(await lastActivity()).toMatchObject({
      type: 'warning',
      action: 'task.deleted',
      message: 'alice deleted task Gone',
    });
    const again = await call('DELETE', `/api/tasks/${task.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Task not found');
    expect((await call('DELETE', '/api/tasks/nope')).statusCode).toBe(400);
  });
});

describe('linked rows going away', () => {
  it('keeps the task and clears the link when its client is deleted', async () => {
    const other = (await call('POST', '/api/clients', { name: 'Short-lived' })).json();
    const task = await create({ title: 'Linked', clientId: other.id, websiteId });
    expect((await call('DELETE', `/api/clients/${other.id}`)).statusCode).toBe(204);
    const after = (await list()).find((x) => x.id === task.id);
    expect(after).toMatchObject({ client: null, website: { id: websiteId, name: 'Acme Shop' } });
  });
});

describe('signed out', () => {
  it('answers 401 on every task route', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/tasks'],
      ['POST', '/api/tasks', { title: 'X' }],
      ['PUT', '/api/tasks/1', { title: 'X' }],
      ['DELETE', '/api/tasks/1'],
    ] as [Method, string, unknown?][]) {
      const res = await call(method, url, body, false);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().code).toBe('unauthorized');
    }
  });
});
