import { demoClients, demoColleagues, demoTags, demoTasks } from './data';

/** A tiny API client with a session cookie: the demo goes through the same routes as a person. */
export function apiClient(base: string) {
  let cookie = '';
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('ah_session='));
    if (set) cookie = set.split(';')[0]!;
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
  return { call };
}

type Api = ReturnType<typeof apiClient>;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Clients with tags, colleagues and tasks linked to clients, websites and people. */
export async function seedAgency(api: Api): Promise<void> {
  const tagIds = new Map<string, number>();
  for (const tag of demoTags)
    tagIds.set(tag.name, (await api.call<{ id: number }>('POST', '/api/tags', tag)).id);

  const clientIds: number[] = [];
  for (const { tags, ...client } of demoClients) {
    const slug = client.company.toLowerCase().replace(/[^a-z0-9]+/g, '');
    const created = await api.call<{ id: number }>('POST', '/api/clients', {
      ...client,
      email: `${client.name
        .split(' ')[0]!
        .toLowerCase()
        .replace(/[^a-z]/g, '')}@${slug}.example`,
      phone: `+1 555 01${String(clientIds.length).padStart(2, '0')}`,
    });
    clientIds.push(created.id);
    for (const tag of tags)
      await api.call('POST', `/api/clients/${created.id}/tags`, { tagId: tagIds.get(tag) });
  }

  const userIds = [(await api.call<{ id: number }>('GET', '/api/auth/me')).id];
  for (const colleague of demoColleagues)
    userIds.push((await api.call<{ id: number }>('POST', '/api/users', colleague)).id);

  const websites = await api.call<{ id: number }[]>('GET', '/api/websites');
  for (const [i, task] of demoTasks.entries()) {
    const { dueInDays, ...fields } = task;
    await api.call('POST', '/api/tasks', {
      ...fields,
      dueDate: day(dueInDays),
      assigneeId: userIds[i % userIds.length],
      clientId: clientIds[(i * 3) % clientIds.length],
      websiteId: websites.length ? websites[(i * 5) % websites.length]!.id : null,
    });
  }
  // Most websites belong to a client (a few are left for the coverage list to find).
  const owned = websites.slice(0, Math.max(0, websites.length - 6));
  for (const [c, clientId] of clientIds.entries()) {
    const mine = owned.filter((_, i) => i % clientIds.length === c).map((w) => w.id);
    if (mine.length) await api.call('POST', `/api/clients/${clientId}/websites`, { websiteIds: mine });
  }
  // A few websites carry agency tags too.
  for (const [i, w] of websites.slice(0, 12).entries()) {
    await api.call('POST', `/api/websites/${w.id}/tags`, { tagId: tagIds.get(demoTags[i % 4]!.name) });
  }
}
