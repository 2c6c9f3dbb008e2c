// Routes of the team's custom fields (decision 026): members read, owners and admins write. Tokens: the
// read scope reads, the write scope writes (server/lib/token-scopes.ts, by the /api/team/current prefix).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../common/contracts/common';
import {
  createCustomFieldBody,
  customFieldIdParams,
  customFieldOrderBody,
  customFieldSchema,
  customFieldsQuery,
  customFieldsResponse,
  updateCustomFieldBody,
} from '../../../common/contracts/custom-fields';
import { CUSTOM_FIELD_TEXTS } from '../../../common/domain/custom-field-texts';
import { MANAGER_ROLES } from '../../../common/domain/options';
import { forbidden } from '../../lib/errors';
import { requireTeamActor } from '../../plugins/auth';
import type { TeamActor } from '../../lib/actor';
import {
  createCustomField,
  listCustomFields,
  reorderCustomFields,
  setCustomFieldArchived,
  updateCustomField,
} from './custom-fields';
import { anyMember } from './policy';
import type { TeamContext } from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['team'];
const BASE = '/api/team/current/custom-fields';

function requireFieldEditor(member: TeamActor): TeamActor {
  if (!MANAGER_ROLES.includes(member.role)) throw forbidden(CUSTOM_FIELD_TEXTS.managersOnly);
  return member;
}

export async function customFieldRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest, guard: (member: TeamActor) => TeamActor): TeamContext => ({
    db: app.db,
    actor: guard(requireTeamActor(request)),
    ip: request.ip,
  });
  const one = { 200: customFieldSchema, ...errors };

  app.get(
    BASE,
    {
      schema: {
        tags,
        summary: "The team's custom fields in order; include_archived=1 adds the archived ones",
        querystring: customFieldsQuery,
        response: { 200: customFieldsResponse, ...errors },
      },
    },
    async (request) => listCustomFields(ctx(request, anyMember), request.query.include_archived),
  );
  app.post(
    BASE,
    {
      schema: {
        tags,
        summary: 'Add a custom field (key defaults to a slug of the label)',
        body: createCustomFieldBody,
        response: { 201: customFieldSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createCustomField(ctx(request, requireFieldEditor), request.body);
      return reply.code(201).send(created);
    },
  );
  app.put(
    `${BASE}/order`,
    {
      schema: {
        tags,
        summary: "Reorder the team's custom fields: ids names each active field once",
        body: customFieldOrderBody,
        response: { 200: customFieldsResponse, ...errors },
      },
    },
    async (request) => reorderCustomFields(ctx(request, requireFieldEditor), request.body.ids),
  );
  app.put(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary: "Edit a custom field's label, options and required types (key and type cannot change)",
        params: customFieldIdParams,
        body: updateCustomFieldBody,
        response: one,
      },
    },
    async (request) => updateCustomField(ctx(request, requireFieldEditor), request.params.id, request.body),
  );
  app.post(
    `${BASE}/:id/archive`,
    {
      schema: {
        tags,
        summary: 'Archive a custom field: its values stay on the incidents, the forms no longer show it',
        params: customFieldIdParams,
        response: one,
      },
    },
    async (request) => setCustomFieldArchived(ctx(request, requireFieldEditor), request.params.id, true),
  );
  app.post(
    `${BASE}/:id/restore`,
    {
      schema: {
        tags,
        summary: 'Restore an archived custom field',
        params: customFieldIdParams,
        response: one,
      },
    },
    async (request) => setCustomFieldArchived(ctx(request, requireFieldEditor), request.params.id, false),
  );
}
