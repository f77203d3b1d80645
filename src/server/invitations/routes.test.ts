import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, createTestApp, type TestApp, turnOnTwoFactor } from '../../../test/support/app';
import { INVITATION_INVALID } from '../../shared/invitations';
import { purgeExpired } from '../auth/purge';
import { invitations } from '../db/schema';

let t: TestApp;
let owner: string;
let admin: string;
let staff: string;
let addressCount = 0;
// Each public call from an address of its own: the public routes allow ten calls per address.
const nextAddress = () => `198.51.100.${++addressCount}`;

/** Signs everyone in afresh (after the clock moved past their sessions). */
async function signInAll() {
  owner = await t.signIn();
  const person = (username: string, role: 'admin' | 'staff') =>
    t.signIn({ username, email: `${username}@example.com`, password: `${username} password`, role });
  admin = await person('ada', 'admin');
  staff = await person('sam', 'staff');
}

beforeAll(async () => {
  t = await createTestApp();
  await signInAll();
});
afterAll(() => t.close());

const invite = (payload: Record<string, unknown>, cookie = admin) =>
  t.app.inject({ method: 'POST', url: '/api/invitations', headers: { cookie }, payload });
const list = (cookie = admin) =>
  t.app.inject({ method: 'GET', url: '/api/invitations', headers: { cookie } });
const accept = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/invitations/accept', payload, remoteAddress: nextAddress() });
const lookup = (token: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/invitations/lookup?token=${encodeURIComponent(token)}`,
    remoteAddress: nextAddress(),
  });
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
const client = async (name: string) =>
  (
    await t.app.inject({ method: 'POST', url: '/api/clients', headers: { cookie: owner }, payload: { name } })
  ).json().id as number;

describe('inviting', () => {
  it('creates an invitation (201) with its link, mails the link, and lists it as pending', async () => {
    const res = await invite({ email: 'nina@example.com', role: 'staff' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      email: 'nina@example.com',
      role: 'staff',
      clientIds: null,
      invitedBy: { id: expect.any(Number), username: 'ada' },
      createdAt: t.clock.now().toISOString(),
      expiresAt: new Date(t.clock.now().getTime() + 7 * 86_400_000).toISOString(),
      inviteUrl: expect.stringMatching(/^http:\/\/agency\.test\/invitation\?token=[\w-]{40,}$/),
    });
    await t.services.jobs.idle();
    const mail = t.outbox.at(-1)!;
    expect(mail.to).toBe('nina@example.com');
    expect(mail.subject).toBe('ada invited you to Agency Hub');
    expect(mail.text).toContain(body.inviteUrl);
    // Only the hash is stored.
    const rows = await t.db.select().from(invitations);
    expect(JSON.stringify(rows)).not.toContain(tokenOf(body.inviteUrl));
    const pending = (await list()).json();
    expect(pending[0]).toMatchObject({ id: body.id, email: 'nina@example.com', expired: false });
    expect(pending[0]).not.toHaveProperty('inviteUrl');
  });

  it('refuses an email of a team member (409), an invalid email, and replaces a pending invitation', async () => {
    const member = await invite({ email: 'SAM@example.com' });
    expect(member.statusCode).toBe(409);
    expect(member.json()).toMatchObject({
      message: 'SAM@example.com is already a member of the team.',
      fieldErrors: { email: ['This email already belongs to a team member'] },
    });
    const bad = await invite({ email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.email).toEqual(['Please enter a valid email address']);
    const first = (await invite({ email: 'otto@example.com', role: 'viewer' })).json();
    t.clock.advance(1000);
    const second = await invite({ email: 'Otto@example.com', role: 'staff' });
    expect(second.statusCode).toBe(201);
    const pending = (await list()).json() as { email: string; role: string }[];
    expect(pending.filter((i) => i.email.toLowerCase() === 'otto@example.com')).toEqual([
      expect.objectContaining({ email: 'Otto@example.com', role: 'staff' }),
    ]);
    expect(pending[0]!.email).toBe('Otto@example.com'); // newest first
    expect((await lookup(tokenOf(first.inviteUrl))).statusCode).toBe(400);
  });

  it('two invitations of one email at once leave one pending', async () => {
    const both = await Promise.all([
      invite({ email: 'race@example.com' }),
      invite({ email: 'race@example.com' }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    const pending = (await list()).json() as { email: string }[];
    expect(pending.filter((i) => i.email === 'race@example.com')).toHaveLength(1);
  });

  it('allows only what the inviter may grant: Staff cannot invite, an Admin cannot invite an Owner', async () => {
    const byStaff = await invite({ email: 'x@example.com' }, staff);
    expect(byStaff.statusCode).toBe(403);
    expect((await list(staff)).statusCode).toBe(403);
    const ownerByAdmin = await invite({ email: 'boss@example.com', role: 'owner' });
    expect(ownerByAdmin.statusCode).toBe(403);
    expect(ownerByAdmin.json().message).toBe('Only an Owner can make someone an Owner or change an Owner.');
    expect((await invite({ email: 'boss@example.com', role: 'owner' }, owner)).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: '/api/invitations', payload: {} })).statusCode).toBe(
      401,
    );
  });

  it('checks the client limit like the users area', async () => {
    const a = await client('Invite A');
    const scoped = await invite({ email: 'limited@example.com', role: 'viewer', clientIds: [a, a] });
    expect(scoped.json().clientIds).toEqual([a]);
    const unknown = await invite({ email: 'u@example.com', clientIds: [999_999] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors).toEqual({ clientIds: ['Unknown client id: 999999'] });
    const adminScoped = await invite({ email: 'a2@example.com', role: 'admin', clientIds: [a] });
    expect(adminScoped.statusCode).toBe(400);
    expect(adminScoped.json().message).toMatch(/^Only Staff members and Viewers can be limited/);
  });
});

describe('accepting', () => {
  it('looks the link up, creates the person with the invited email, role and clients, and signs them in', async () => {
    const a = await client('Accept A');
    const sent = (await invite({ email: 'paula@example.com', role: 'viewer', clientIds: [a] })).json();
    const token = tokenOf(sent.inviteUrl);
    const seen = await lookup(token);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual({ email: 'paula@example.com', role: 'viewer', agencyName: 'Agency Hub' });

    const res = await accept({ token, username: 'paula', password: 'paula password' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      username: 'paula',
      email: 'paula@example.com',
      role: 'viewer',
    });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: cookieHeader(res) },
    });
    expect(me.json()).toMatchObject({ username: 'paula', role: 'viewer', clientIds: [a] });
    expect((await list()).json().map((i: { email: string }) => i.email)).not.toContain('paula@example.com');
    const team = (
      await t.app.inject({ method: 'GET', url: '/api/users', headers: { cookie: owner } })
    ).json();
    expect(team.find((u: { username: string }) => u.username === 'paula')).toMatchObject({
      email: 'paula@example.com',
      role: 'viewer',
      clientIds: [a],
      lastSignInAt: t.clock.now().toISOString(),
    });
    const activity = (
      await t.app.inject({ method: 'GET', url: '/api/activity', headers: { cookie: owner } })
    ).json();
    expect(JSON.stringify(activity)).toContain(
      'paula joined the team as Viewer for 1 client, invited by ada',
    );

    // Used: refused, with the one message.
    const again = await accept({ token, username: 'paula2', password: 'paula password' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(INVITATION_INVALID);
    expect((await lookup(token)).json().message).toBe(INVITATION_INVALID);
  });

  it('answers a taken username with the users area’s 409 and leaves the invitation usable', async () => {
    const token = tokenOf((await invite({ email: 'quinn@example.com' })).json().inviteUrl);
    const taken = await accept({ token, username: 'SAM', password: 'quinn password' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fieldErrors).toEqual({ username: ['This username is already taken'] });
    expect((await accept({ token, username: 'quinn', password: 'quinn password' })).statusCode).toBe(200);
  });

  it('refuses an expired link, with the list saying it is expired', async () => {
    const sent = (await invite({ email: 'late@example.com' })).json();
    t.clock.advance(7 * 86_400_000 + 1000);
    await signInAll();
    const res = await accept({ token: tokenOf(sent.inviteUrl), username: 'late', password: 'late password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(INVITATION_INVALID);
    const listed = (await list()).json().find((i: { id: number }) => i.id === sent.id);
    expect(listed.expired).toBe(true);
    // Sent again: a new link and a fresh week; the mail goes again.
    await t.services.jobs.idle();
    const before = t.outbox.length;
    const resent = await t.app.inject({
      method: 'POST',
      url: `/api/invitations/${sent.id}/resend`,
      headers: { cookie: admin },
    });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().expiresAt).toBe(new Date(t.clock.now().getTime() + 7 * 86_400_000).toISOString());
    expect(resent.json().inviteUrl).not.toBe(sent.inviteUrl);
    await t.services.jobs.idle();
    expect(t.outbox.slice(before).map((m) => m.to)).toEqual(['late@example.com']);
    expect(t.outbox.at(-1)!.text).toContain(resent.json().inviteUrl);
    expect((await lookup(tokenOf(sent.inviteUrl))).statusCode).toBe(400);
    expect((await lookup(tokenOf(resent.json().inviteUrl))).statusCode).toBe(200);
  });

  it('revoking stops the link at once', async () => {
    const sent = (await invite({ email: 'gone@example.com' })).json();
    const del = (cookie: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/invitations/${sent.id}`, headers: { cookie } });
    expect((await del(staff)).statusCode).toBe(403);
    expect((await del(admin)).statusCode).toBe(204);
    expect((await del(admin)).statusCode).toBe(404);
    const res = await accept({ token: tokenOf(sent.inviteUrl), username: 'gone', password: 'gone password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(INVITATION_INVALID);
  });

  it('of two concurrent accepts, exactly one wins', async () => {
    const token = tokenOf((await invite({ email: 'twin@example.com' })).json().inviteUrl);
    const results = await Promise.all([
      accept({ token, username: 'twin1', password: 'twin password' }),
      accept({ token, username: 'twin2', password: 'twin password' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const users = (
      await t.app.inject({ method: 'GET', url: '/api/users', headers: { cookie: owner } })
    ).json();
    expect(users.filter((u: { email: string }) => u.email === 'twin@example.com')).toHaveLength(1);
  });

  it('validates the body with the shared messages', async () => {
    const res = await accept({ token: 'x', username: 'ab', password: '123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      username: ['Username must be at least 3 characters'],
      password: ['Password must be at least 6 characters'],
    });
  });

  it('throttles the public routes per address, like the other public sign-in routes', async () => {
    const from = '203.0.113.9';
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push(
        (await t.app.inject({ method: 'GET', url: '/api/invitations/lookup?token=x', remoteAddress: from }))
          .statusCode,
      );
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(codes[10]).toBe(429);
  });

  it('the hourly purge removes invitations done with for a month', async () => {
    const sent = (await invite({ email: 'old@example.com' })).json();
    await t.app.inject({ method: 'DELETE', url: `/api/invitations/${sent.id}`, headers: { cookie: admin } });
    const count = async () => (await t.db.select().from(invitations)).length;
    const before = await count();
    t.clock.advance(31 * 86_400_000);
    await signInAll();
    await purgeExpired(t.services);
    expect(await count()).toBeLessThan(before);
    expect((await t.db.select().from(invitations)).map((r) => r.email)).not.toContain('old@example.com');
  });
});

describe('what a personal API token may do with invitations', () => {
  it('cannot invite, list, resend or revoke: an Admin token adds no one', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: { cookie: admin },
      payload: { name: 'ada script', expiresInDays: null },
    });
    const bearer = { authorization: `Bearer ${made.json().token}` };
    const pending = await invite({ email: 'victim-admin@example.com', role: 'admin' });
    expect(pending.statusCode).toBe(201);
    const id = pending.json().id as number;
    const link = tokenOf(pending.json().inviteUrl);
    const asked = [
      await t.app.inject({
        method: 'POST',
        url: '/api/invitations',
        headers: bearer,
        payload: { email: 'attacker@evil.test', role: 'admin' },
      }),
      await t.app.inject({ method: 'GET', url: '/api/invitations', headers: bearer }),
      await t.app.inject({ method: 'POST', url: `/api/invitations/${id}/resend`, headers: bearer }),
      await t.app.inject({ method: 'DELETE', url: `/api/invitations/${id}`, headers: bearer }),
    ];
    for (const res of asked) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'token_not_allowed' });
      expect(res.json().message).toMatch(/^Personal API tokens cannot invite team members/);
      expect(res.body).not.toMatch(/inviteUrl/);
    }
    // Nothing was invited, and the real invitee's link still works.
    const emails = (await list()).json().map((i: { email: string }) => i.email);
    expect(emails).not.toContain('attacker@evil.test');
    expect((await lookup(link)).statusCode).toBe(200);
  });

  it('resending in the browser asks a person with two-factor sign-in for a recent code', async () => {
    const viv = {
      username: 'viv',
      email: 'viv@example.com',
      password: 'viv password',
      role: 'admin' as const,
    };
    const cookie = await t.signIn(viv);
    await turnOnTwoFactor(t, cookie);
    const pending = await invite({ email: 'resend-me@example.com', role: 'staff' });
    const link = tokenOf(pending.json().inviteUrl);
    t.clock.advance(11 * 60_000);
    const resent = await t.app.inject({
      method: 'POST',
      url: `/api/invitations/${pending.json().id}/resend`,
      headers: { cookie },
    });
    expect(resent.statusCode).toBe(403);
    expect(resent.json().code).toBe('fresh_two_factor_required');
    // The invitee's link was not replaced.
    expect((await lookup(link)).statusCode).toBe(200);
  });
});
