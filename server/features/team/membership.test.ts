// Team management (decision 035): removal ends the member's sessions and tokens on their very next request, the
// team always keeps an owner, ownership moves, members leave, several addresses are invited at once.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { apiTokens, auditEvents, memberships, sessions, teams, users } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { login, memberOf, signUp, unique, type SignedIn } from '../../test/factories';
import { logOops } from '../../test/oops-factory';
import { startSmtp } from '../../test/smtp';

let app: FastifyInstance;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  app = await createTestApp({ smtpUrl: smtp.url, appUrl: 'https://oops.example.com' });
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, as: SignedIn, payload?: object) =>
  app.inject({ method, url, headers: as.auth, ...(payload ? { payload } : {}) });
const remove = (as: SignedIn, id: number) => call('DELETE', `/api/team/current/members/${id}`, as);

async function newToken(as: SignedIn): Promise<string> {
  const res = await call('POST', '/api/user/tokens', as, { name: 'ci', scopes: ['read', 'write'] });
  expect(res.statusCode).toBe(201);
  return res.json<{ token: string }>().token;
}

async function auditOf(action: string, teamId: number) {
  return app.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.teamId, teamId)));
}

describe('removing a member', () => {
  it('ends their sessions and their tokens for the team on the very next request', async () => {
    const owner = await signUp(app);
    const teamId = owner.user.team!.id;
    const member = await memberOf(app, teamId, 'member');
    const otherSession = await login(app, member.email, member.password);
    const token = await newToken(member);
    // Both credentials are remembered by the actor cache before the removal.
    expect((await call('GET', '/api/oops', member)).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/oops', headers: bearer(token) })).statusCode).toBe(200);

    const res = await remove(owner, member.user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: `${member.user.name} was removed from the team.`,
      member: { id: member.user.id, email: member.email, role: 'member' },
      open_actions: [],
    });

    expect((await call('GET', '/api/oops', member)).statusCode).toBe(401);
    expect((await call('GET', '/api/user/profile', otherSession)).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/oops', headers: bearer(token) })).statusCode).toBe(401);
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, member.user.id))).toEqual([]);
    expect(await app.db.select().from(apiTokens).where(eq(apiTokens.userId, member.user.id))).toEqual([]);
    const members = (await call('GET', '/api/team/current/members', owner)).json<{
      members: { id: number }[];
    }>();
    expect(members.members.map((m) => m.id)).not.toContain(member.user.id);

    // The account remains: signing in again lands in the team they still belong to (their own).
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: member.password },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().user.team.id).not.toBe(teamId);
    expect(again.json().user.team).not.toBeNull();

    const [audit] = await auditOf('team.member_removed', teamId);
    expect(audit).toMatchObject({ actorId: owner.user.id, target: String(member.user.id) });
    expect(audit!.details).toMatchObject({ role: 'member', sessions_ended: 2, tokens_revoked: 1 });
    const revoked = await auditOf('token.revoked', teamId);
    expect(revoked[0]?.details).toMatchObject({ owner_id: member.user.id, reason: 'member_removed' });
    expect(JSON.stringify(res.json())).not.toContain('oops_pat_');
  });

  it('keeps the tokens they made for another team of theirs', async () => {
    const owner = await signUp(app);
    const teamId = owner.user.team!.id;
    const member = await memberOf(app, teamId, 'member');
    const ownTeam = await app.db
      .select({ teamId: memberships.teamId })
      .from(memberships)
      .where(and(eq(memberships.userId, member.user.id), eq(memberships.role, 'owner')));
    const forThisTeam = await newToken(member);
    const switched = await call('POST', '/api/user/current-team', member, { teamId: ownTeam[0]!.teamId });
    expect(switched.statusCode).toBe(200);
    const forOwnTeam = await newToken(member);

    expect((await remove(owner, member.user.id)).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/oops', headers: bearer(forThisTeam) })).statusCode).toBe(401);
    const kept = await app.inject({ url: '/api/team/current', headers: bearer(forOwnTeam) });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().id).toBe(ownTeam[0]!.teamId);
  });

  it('lists their open actions for reassignment, and their incidents keep their name', async () => {
    const owner = await signUp(app);
    const teamId = owner.user.team!.id;
    const member = await memberOf(app, teamId, 'member');
    const incident = await logOops(app, member, { title: 'Queue stalled overnight' });
    const addAction = async (title: string, status?: 'done') =>
      (
        await call('POST', `/api/oops/${incident.id}/actions`, owner, {
          title,
          owner_id: member.user.id,
          due_date: '2030-01-31',
          ...(status ? { status } : {}),
        })
      ).json<{ id: number }>().id;
    const open = await addAction('Add a queue depth alert');
    await addAction('Write the runbook', 'done');

    const res = await remove(owner, member.user.id);
    expect(res.json().open_actions).toEqual([
      {
        id: open,
        title: 'Add a queue depth alert',
        due_date: '2030-01-31',
        oops: {
          id: incident.id,
          id_slug: incident.id_slug,
          title: 'Queue stalled overnight',
          status: 'Open',
        },
      },
    ]);
    const detail = await call('GET', `/api/oops/detail/${incident.id_slug}`, owner);
    expect(detail.json()).toMatchObject({ created_by: member.user.name, created_by_id: member.user.id });

    // Reassigned through the actions API; the removed member can no longer be chosen.
    const url = `/api/oops/${incident.id}/actions/${open}`;
    const back = await app.inject({
      method: 'PUT',
      url,
      headers: owner.auth,
      payload: { owner_id: member.user.id },
    });
    expect(back.statusCode).toBe(400);
    const moved = await app.inject({
      method: 'PUT',
      url,
      headers: owner.auth,
      payload: { owner_id: owner.user.id },
    });
    expect(moved.json()).toMatchObject({ owner_id: owner.user.id });
  });

  it('follows the role rules: members may not, admins may not remove owners, nobody removes themselves', async () => {
    const owner = await signUp(app);
    const teamId = owner.user.team!.id;
    const admin = await memberOf(app, teamId, 'admin');
    const member = await memberOf(app, teamId, 'member');
    const coOwner = await memberOf(app, teamId, 'owner');
    const before = await app.db.select().from(memberships).where(eq(memberships.teamId, teamId));

    const byMember = await remove(member, admin.user.id);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().error).toBe('Only team owners and admins can do this.');
    const ownerByAdmin = await remove(admin, owner.user.id);
    expect(ownerByAdmin.statusCode).toBe(403);
    expect(ownerByAdmin.json().error).toBe('Only an owner can remove an owner.');
    const self = await remove(admin, admin.user.id);
    expect(self.statusCode).toBe(403);
    expect(self.json().error).toBe('You cannot remove yourself: leave the team instead.');
    expect((await remove(admin, 999_999)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/team/current/members/abc', admin)).statusCode).toBe(400);
    const outsider = await signUp(app);
    expect((await remove(admin, outsider.user.id)).statusCode).toBe(404);
    expect(await app.db.select().from(memberships).where(eq(memberships.teamId, teamId))).toEqual(before);

    // Admins remove members; owners remove other owners, and the team's owner moves to one who remains.
    expect((await remove(admin, member.user.id)).statusCode).toBe(200);
    expect((await remove(coOwner, owner.user.id)).statusCode).toBe(200);
    const [team] = await app.db.select().from(teams).where(eq(teams.id, teamId));
    expect(team!.ownerId).toBe(coOwner.user.id);
  });
});

describe('members see the list read-only', () => {
  it('lists the team to a member and refuses every change', async () => {
    const owner = await signUp(app);
    const teamId = owner.user.team!.id;
    const member = await memberOf(app, teamId, 'member');
    const list = await call('GET', '/api/team/current/members', member);
    expect(list.statusCode).toBe(200);
    expect(list.json().members.map((m: { id: number }) => m.id)).toEqual([owner.user.id, member.user.id]);
    const refused = [
      await remove(member, owner.user.id),
      await call('POST', '/api/team/current/transfer-ownership', member, { user_id: member.user.id }),
      await call('POST', '/api/team/current/invitations', member, { emails: ['x@example.com'] }),
      await call('POST', `/api/team/current/member/${owner.user.id}/role`, member, { role: 'member' }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([403, 403, 403, 403]);
  });
});

describe('transferring ownership', () => {
  it('makes the target the owner and the former owner an admin', async () => {
    const owner = await signUp(app);
    const teamId = owner.user.team!.id;
    const admin = await memberOf(app, teamId, 'admin');
    const member = await memberOf(app, teamId, 'member');
    const byAdmin = await call('POST', '/api/team/current/transfer-ownership', admin, {
      user_id: admin.user.id,
    });
    expect(byAdmin.statusCode).toBe(403);
    const toSelf = await call('POST', '/api/team/current/transfer-ownership', owner, {
      user_id: owner.user.id,
    });
    expect(toSelf.statusCode).toBe(400);
    expect(toSelf.json().error).toBe('You already own this team.');
    const bad = await call('POST', '/api/team/current/transfer-ownership', owner, { user_id: 'x' });
    expect(bad.statusCode).toBe(400);

    // The former owner's remembered session learns its new role on the next request.
    expect((await call('GET', '/api/team/current', owner)).json().role).toBe('owner');
    const res = await call('POST', '/api/team/current/transfer-ownership', owner, {
      user_id: member.user.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: `${member.user.name} is now the team owner.`,
      owner: { id: member.user.id, role: 'owner' },
      former_owner: { id: owner.user.id, role: 'admin' },
    });
    expect((await call('GET', '/api/team/current', owner)).json()).toMatchObject({
      role: 'admin',
      owner_id: member.user.id,
    });
    expect((await call('GET', '/api/team/current', member)).json().role).toBe('owner');
    expect(await auditOf('team.ownership_transferred', teamId)).toHaveLength(1);
  });
});

describe('leaving a team', () => {
  it('refuses the only owner, who must hand the team over first', async () => {
    const owner = await signUp(app);
    const res = await call('POST', '/api/team/current/leave', owner);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(
      'You are the only owner: transfer ownership to another member before you leave.',
    );
    const rows = await app.db.select().from(memberships).where(eq(memberships.userId, owner.user.id));
    expect(rows).toHaveLength(1);
  });

  it('moves the member to their next team, keeps their session and revokes their tokens for the team', async () => {
    const owner = await signUp(app);
    const teamId = owner.user.team!.id;
    const member = await memberOf(app, teamId, 'admin');
    const token = await newToken(member);
    const res = await call('POST', '/api/team/current/leave', member);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`You left ${owner.user.team!.name}.`);
    const next = res.json().current_team;
    expect(next.id).not.toBe(teamId);
    const now = await call('GET', '/api/team/current', member);
    expect(now.statusCode).toBe(200);
    expect(now.json()).toMatchObject({ id: next.id, role: 'owner' });
    expect((await app.inject({ url: '/api/oops', headers: bearer(token) })).statusCode).toBe(401);
    expect(await auditOf('team.member_left', teamId)).toHaveLength(1);

    // A co-owner may leave; a user in no team any more has nothing to work in.
    const coOwner = await memberOf(app, teamId, 'owner');
    expect((await call('POST', '/api/team/current/leave', coOwner)).statusCode).toBe(200);
    const [user] = await app.db.select().from(users).where(eq(users.id, coOwner.user.id));
    expect(user!.currentTeamId).not.toBe(teamId);
  });

  it('is for signed-in sessions only', async () => {
    const owner = await signUp(app);
    const member = await memberOf(app, owner.user.team!.id, 'member');
    const token = await newToken(member);
    const res = await app.inject({ method: 'POST', url: '/api/team/current/leave', headers: bearer(token) });
    expect(res.statusCode).toBe(403);
  });
});

describe('inviting several addresses', () => {
  it('answers each address: invited, added, already a member, invalid', async () => {
    const owner = await signUp(app);
    const teamId = owner.user.team!.id;
    const existing = await signUp(app);
    const member = await memberOf(app, teamId, 'member');
    const fresh = `${unique()}@example.com`;
    const res = await call('POST', '/api/team/current/invitations', owner, {
      emails: [` ${fresh.toUpperCase()} `, existing.email, member.email, 'not-an-address', fresh],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      { email: fresh, status: 'invited', message: 'Invitation sent.' },
      { email: existing.email, status: 'added', message: 'Added to the team.' },
      { email: member.email, status: 'already_member', message: 'Already a member.' },
      { email: 'not-an-address', status: 'invalid', message: 'Not a valid e-mail address.' },
    ]);
    expect(smtp.tokenFor(fresh, 'invitation')).toBeTruthy();
    const pending = (await call('GET', '/api/team/current/invitations', owner)).json().invitations;
    expect(pending.map((i: { email: string }) => i.email)).toEqual([fresh]);
    const joined = await app.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.teamId, teamId), eq(memberships.userId, existing.user.id)));
    expect(joined).toHaveLength(1);
  });

  it('refuses an empty list or more than 50 addresses, and keeps the single invite working', async () => {
    const owner = await signUp(app);
    const empty = await call('POST', '/api/team/current/invitations', owner, { emails: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toContain('Enter at least one e-mail address.');
    const many = Array.from({ length: 51 }, (_, i) => `p${i}-${unique()}@example.com`);
    const tooMany = await call('POST', '/api/team/current/invitations', owner, { emails: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toContain('Invite at most 50 addresses at once.');
    const pending = (await call('GET', '/api/team/current/invitations', owner)).json().invitations;
    expect(pending).toEqual([]);
    const single = await call('POST', '/api/team/current/invite', owner, {
      email: `${unique()}@example.com`,
    });
    expect(single.json()).toEqual({ message: 'Invitation sent successfully.' });
  });
});
