import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody, messageBody } from '../../../common/contracts/common';
import { tokenQuery } from '../../../common/contracts/recovery';
import {
  teamSwitchBody,
  acceptInvitationBody,
  departmentBody,
  invitationCheckResponse,
  invitationsResponse,
  inviteBody,
  memberIdParams,
  memberSchema,
  membersResponse,
  myTeamsResponse,
  roleBody,
  switchTeamBody,
  teamSchema,
  updateTeamBody,
} from '../../../common/contracts/team';
import { userSchema } from '../../../common/contracts/auth';
import { timeZoneBody } from '../../../common/contracts/digest';
import type { Config } from '../../config';
import { loadUserView } from '../../lib/user-view';
import { requireActor, requireTeamActor } from '../../plugins/auth';
import type { TeamActor } from '../../lib/actor';
import { acceptInvitation, checkInvitation, inviteMember, listPendingInvitations } from './invitations';
import { anyMember, requireManager, requireOwner } from './policy';
import {
  changeMemberDepartment,
  changeMemberRole,
  getCurrentTeam,
  listMembers,
  listMyTeams,
  switchTeam,
  updateCurrentTeam,
  updateTeamTimeZone,
  updateTeamSwitch,
  type TeamContext,
} from './service';

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  503: errorBody,
};
const tags = ['team'];

export async function teamRoutes(base: FastifyInstance, { config }: { config: Config }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest, guard: (member: TeamActor) => TeamActor): TeamContext => ({
    db: app.db,
    actor: guard(requireTeamActor(request)),
    ip: request.ip,
  });

  app.get(
    '/api/team/current',
    { schema: { tags, response: { 200: teamSchema, ...errors } } },
    async (request) => getCurrentTeam(ctx(request, anyMember)),
  );
  app.post(
    '/api/team/current',
    { schema: { tags, body: updateTeamBody, response: { 200: teamSchema, ...errors } } },
    async (request) => updateCurrentTeam(ctx(request, requireOwner), request.body),
  );
  app.put(
    '/api/team/current/time-zone',
    { schema: { tags, body: timeZoneBody, response: { 200: teamSchema, ...errors } } },
    async (request) => updateTeamTimeZone(ctx(request, requireManager), request.body.time_zone),
  );
  app.put(
    '/api/team/current/confidential',
    { schema: { tags, body: teamSwitchBody, response: { 200: teamSchema, ...errors } } },
    async (request) =>
      updateTeamSwitch(ctx(request, requireManager), 'confidential_near_misses', request.body.enabled),
  );
  app.put(
    '/api/team/current/metrics-sharing',
    { schema: { tags, body: teamSwitchBody, response: { 200: teamSchema, ...errors } } },
    async (request) => updateTeamSwitch(ctx(request, requireManager), 'share_metrics', request.body.enabled),
  );

  app.get(
    '/api/team/current/members',
    { schema: { tags, response: { 200: membersResponse, ...errors } } },
    async (request) => ({
      members: await listMembers(ctx(request, anyMember)),
    }),
  );
  app.get(
    '/api/team/current/invitations',
    { schema: { tags, response: { 200: invitationsResponse, ...errors } } },
    async (request) => ({
      invitations: await listPendingInvitations(ctx(request, requireManager)),
    }),
  );
  app.post(
    '/api/team/current/invite',
    { schema: { tags, body: inviteBody, response: { 200: messageBody, ...errors } } },
    async (request) => {
      const team = ctx(request, requireManager);
      const { name } = await getCurrentTeam(team);
      const message = await inviteMember(
        { ...team, config, mailer: app.mailer, teamName: name, log: request.log },
        request.body,
      );
      return { message };
    },
  );
  app.post(
    '/api/team/current/member/:id/role',
    { schema: { tags, params: memberIdParams, body: roleBody, response: { 200: memberSchema, ...errors } } },
    async (request) => changeMemberRole(ctx(request, requireManager), request.params.id, request.body.role),
  );
  app.post(
    '/api/users/:id/department',
    {
      schema: {
        tags,
        params: memberIdParams,
        body: departmentBody,
        response: { 200: memberSchema, ...errors },
      },
    },
    async (request) =>
      changeMemberDepartment(ctx(request, requireManager), request.params.id, request.body.user_department),
  );

  app.get(
    '/api/team/accept-invitation',
    {
      config: { public: true },
      schema: { tags, querystring: tokenQuery, response: { 200: invitationCheckResponse, ...errors } },
    },
    async (request) => checkInvitation(app.db, request.query.token),
  );
  app.post(
    '/api/team/accept-invitation',
    { schema: { tags, body: acceptInvitationBody, response: { 200: messageBody, ...errors } } },
    async (request) => {
      const { message } = await acceptInvitation(
        app.db,
        requireActor(request),
        request.body.token,
        request.ip,
      );
      return { message };
    },
  );

  app.get(
    '/api/user/teams',
    { schema: { tags, response: { 200: myTeamsResponse, ...errors } } },
    async (request) => ({
      teams: await listMyTeams(app.db, requireActor(request)),
    }),
  );
  app.post(
    '/api/user/current-team',
    { schema: { tags, body: switchTeamBody, response: { 200: userSchema, ...errors } } },
    async (request) => {
      const actor = requireActor(request);
      await switchTeam(app.db, actor, request.body.teamId, request.ip);
      return loadUserView(app.db, config, actor.userId);
    },
  );
}
