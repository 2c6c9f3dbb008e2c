// Routes of the team's incident types (templates; decision 025): members read, owners and admins write. Tokens:
// the read scope reads, the write scope writes (server/lib/token-scopes.ts, by the /api/team/current prefix).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../common/contracts/common';
import {
  incidentTypeBody,
  incidentTypeIdParams,
  incidentTypeSchema,
  incidentTypesQuery,
  incidentTypesResponse,
} from '../../../common/contracts/incident-types';
import { INCIDENT_TYPE_TEXTS } from '../../../common/domain/incident-type-texts';
import { MANAGER_ROLES } from '../../../common/domain/options';
import { forbidden } from '../../lib/errors';
import { requireTeamActor } from '../../plugins/auth';
import type { TeamActor } from '../../lib/actor';
import {
  createIncidentType,
  listIncidentTypes,
  setIncidentTypeArchived,
  updateIncidentType,
} from './incident-types';
import { anyMember } from './policy';
import type { TeamContext } from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['team'];
const BASE = '/api/team/current/incident-types';

function requireTypeEditor(member: TeamActor): TeamActor {
  if (!MANAGER_ROLES.includes(member.role)) throw forbidden(INCIDENT_TYPE_TEXTS.managersOnly);
  return member;
}

export async function incidentTypeRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest, guard: (member: TeamActor) => TeamActor): TeamContext => ({
    db: app.db,
    actor: guard(requireTeamActor(request)),
    ip: request.ip,
  });
  const one = { 200: incidentTypeSchema, ...errors };

  app.get(
    BASE,
    {
      schema: {
        tags,
        summary: "The team's incident types (templates); include_archived=1 adds the archived ones",
        querystring: incidentTypesQuery,
        response: { 200: incidentTypesResponse, ...errors },
      },
    },
    async (request) => listIncidentTypes(ctx(request, anyMember), request.query.include_archived),
  );
  app.post(
    BASE,
    {
      schema: {
        tags,
        summary: 'Add an incident type',
        body: incidentTypeBody,
        response: { 201: incidentTypeSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createIncidentType(ctx(request, requireTypeEditor), request.body);
      return reply.code(201).send(created);
    },
  );
  app.put(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary: "Edit an incident type; a new name is carried to the team's incidents of the old one",
        params: incidentTypeIdParams,
        body: incidentTypeBody,
        response: one,
      },
    },
    async (request) => updateIncidentType(ctx(request, requireTypeEditor), request.params.id, request.body),
  );
  app.post(
    `${BASE}/:id/archive`,
    {
      schema: {
        tags,
        summary: 'Archive an incident type: kept on old incidents, not offered for new ones',
        params: incidentTypeIdParams,
        response: one,
      },
    },
    async (request) => setIncidentTypeArchived(ctx(request, requireTypeEditor), request.params.id, true),
  );
  app.post(
    `${BASE}/:id/restore`,
    {
      schema: {
        tags,
        summary: 'Restore an archived incident type',
        params: incidentTypeIdParams,
        response: one,
      },
    },
    async (request) => setIncidentTypeArchived(ctx(request, requireTypeEditor), request.params.id, false),
  );
}
