// Cached team facts follow team changes at once: renaming, adding a member (directly or by an accepted invitation)
// and changing roles or departments empty the team's cache, and open dashboards hear a team.updated event.
import { TEAM_CACHE_STALE_MS } from '../../cache/freshness';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { LiveEvent } from '../../../common/contracts/live';
import { createTestApp } from '../../test/app';
import { memberOf, registerUser, signUp, unique, type SignedIn } from '../../test/factories';
import { startSmtp } from '../../test/smtp';

let app: FastifyInstance;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  app = await createTestApp({ smtpUrl: smtp.url });
});

const post = (url: string, payload: unknown, as: SignedIn) =>
  app.inject({ method: 'POST', url, headers: as.auth, payload: payload as Record<string, unknown> });
const myTeamStats = async (as: SignedIn) => {
  const res = await app.inject({ url: '/api/teams/stats', headers: as.auth });
  expect(res.statusCode).toBe(200);
  const rows = res.json<{ team_name: string; member_count: number }[]>();
  return rows[0]!; // these users belong to one team
};

/** The team's live events from now on; on PostgreSQL they arrive through LISTEN/NOTIFY, so assert with waitFor. */
function listen(teamId: number): LiveEvent[] {
  const seen: LiveEvent[] = [];
  onTestFinished(app.live.subscribe(teamId, (e) => seen.push(e)));
  return seen;
}

/** Live events reach streams TEAM_CACHE_STALE_MS after the change (server/plugins/live.ts). */
const LIVE_WAIT = { timeout: TEAM_CACHE_STALE_MS + 4_000 };

const teamUpdates = (events: LiveEvent[]) => events.filter((e) => e.type === 'team.updated');

describe('team facts in the cache', () => {
  it('a renamed team shows its new name in team stats at once', async () => {
    const owner = await signUp(app);
    const teamId = owner.user.team!.id;
    expect((await myTeamStats(owner)).team_name).toBe(owner.user.team!.name);
    const events = listen(teamId);
    const res = await post('/api/team/current', { name: 'Renamed Engines', industry: 'Technology' }, owner);
    expect(res.statusCode).toBe(200);
    await vi.waitFor(
      () => expect(teamUpdates(events)).toEqual([{ type: 'team.updated', id: teamId }]),
      LIVE_WAIT,
    );
    expect((await myTeamStats(owner)).team_name).toBe('Renamed Engines');
  });

  it('a member added directly, or by accepting an invitation, counts at once', async () => {
    const owner = await signUp(app);
    expect((await myTeamStats(owner)).member_count).toBe(1);
    const existing = await registerUser(app);
    const added = await post('/api/team/current/invite', { email: existing.email }, owner);
    expect(added.json().message).toContain('added to team');
    expect((await myTeamStats(owner)).member_count).toBe(2);

    const email = `${unique()}@example.com`;
    await post('/api/team/current/invite', { email }, owner);
    const token = smtp.tokenFor(email, 'invitation');
    const invitee = await signUp(app, { email });
    expect((await myTeamStats(owner)).member_count).toBe(2);
    const accepted = await post('/api/team/accept-invitation', { token }, invitee);
    expect(accepted.statusCode).toBe(200);
    expect((await myTeamStats(owner)).member_count).toBe(3);
  });

  it('role and department changes announce the change to the team', async () => {
    const owner = await signUp(app);
    const teamId = owner.user.team!.id;
    const member = await memberOf(app, teamId, 'member');
    const events = listen(teamId);
    const role = await post(`/api/team/current/member/${member.user.id}/role`, { role: 'admin' }, owner);
    expect(role.statusCode).toBe(200);
    const department = await post(
      `/api/users/${member.user.id}/department`,
      { user_department: 'Support' },
      owner,
    );
    expect(department.statusCode).toBe(200);
    await vi.waitFor(() => expect(teamUpdates(events)).toHaveLength(2), LIVE_WAIT);
  });
});
