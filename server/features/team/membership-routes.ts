// Routes of team management (decision 035): owners and admins remove members and invite several addresses at once,
// owners hand the team over, anyone leaves. Tokens: the write scope for the team's changes (by the
// /api/team/current prefix, server/lib/token-scopes.ts); leaving is an account decision, so sessions only.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../common/contracts/common';
import { memberIdParams } from '../../../common/contracts/team';
import {
  inviteManyBody,
  inviteManyResponse,
  leaveTeamResponse,
  removeMemberResponse,
  transferOwnershipBody,
  transferOwnershipResponse,
} from '../../../common/contracts/team-members';
import type { Config } from '../../config';
import { requireTeamActor } from '../../plugins/auth';
import type { TeamActor } from '../../lib/actor';
import { inviteMany } from './invite-many';
import { leaveTeam, removeMember, transferOwnership } from './membership';
import { anyMember, requireManager, requireOwner } from './policy';
import { getCurrentTeam, type TeamContext } from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['team'];

export async function membershipRoutes(base: FastifyInstance, { config }: { config: Config }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest, guard: (member: TeamActor) => TeamActor): TeamContext => ({
    db: app.db,
    actor: guard(requireTeamActor(request)),
    ip: request.ip,
  });

  app.delete(
    '/api/team/current/members/:id',
    { schema: { tags, params: memberIdParams, response: { 200: removeMemberResponse, ...errors } } },
    async (request) => removeMember(ctx(request, requireManager), request.params.id),
  );
  app.post(
    '/api/team/current/leave',
    { config: { tokenScope: 'session' }, schema: { tags, response: { 200: leaveTeamResponse, ...errors } } },
    async (request) => leaveTeam(ctx(request, anyMember)),
  );
  app.post(
    '/api/team/current/transfer-ownership',
    {
      schema: { tags, body: transferOwnershipBody, response: { 200: transferOwnershipResponse, ...errors } },
    },
    async (request) => transferOwnership(ctx(request, requireOwner), request.body.user_id),
  );
  app.post(
    '/api/team/current/invitations',
    { schema: { tags, body: inviteManyBody, response: { 200: inviteManyResponse, ...errors } } },
    async (request) => {
      const team = ctx(request, requireManager);
      const { name } = await getCurrentTeam(team);
      return inviteMany(
        { ...team, config, mailer: app.mailer, teamName: name, log: request.log },
        request.body.emails,
      );
    },
  );
}
