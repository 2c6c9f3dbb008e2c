import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, idParam } from '../../../common/contracts/common';
import {
  createNoteBody,
  createOopsBody,
  departmentsResponse,
  exportOopsQuery,
  idSlugParams,
  listOopsQuery,
  type ListOopsQuery,
  listOopsResponse,
  noteSchema,
  oopsDetailSchema,
  updateOopsBody,
} from '../../../common/contracts/oops';
import { requireTeamActor } from '../../plugins/auth';
import { readActions } from './action-rows';
import { oopsCsv, postmortemMarkdown } from './export';
import { addNote } from './notes';
import { listOops, listOopsForExport } from './list';
import { listPageJson } from './list-head';
import { customFilterParams } from './custom-filter';
import { customFieldsForExport } from './custom-values';
import { createOopsWithRepeat, updateOopsWithLinks } from './with-links';
import { resolveRoutes } from './resolve-routes';
import { confidentialKeyFor, maskedActor } from '../confidential';
import { reopenVerifiedFixes } from '../actions';
import { getOopsByIdSlug, getOopsDetail, listDepartments, updateOops, type OopsContext } from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['oops'];
/** The CSV export holds at most this many rows (the newest that match). */
export const CSV_EXPORT_MAX_ROWS = 5000;

export async function oopsRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest): OopsContext => ({
    db: app.db,
    actor: requireTeamActor(request),
    confidentialKey: confidentialKeyFor(app.config),
  });
  await resolveRoutes(base);

  app.post(
    '/api/oops',
    {
      config: { idempotent: true },
      schema: { tags, body: createOopsBody, response: { 201: oopsDetailSchema, ...errors } },
    },
    async (request, reply) => {
      const context = ctx(request);
      const created = await createOopsWithRepeat(context, request.body);
      // The route composes the two features (actions build on oops, not the other way round): a repeat reopens the
      // verified fixes of the incident it repeats (decision 048; the daily run catches one this step missed).
      const repeatOf = request.body.repeat_of;
      if (repeatOf !== undefined) {
        const actor = request.body.confidential ? maskedActor(context.actor) : context.actor;
        await reopenVerifiedFixes(app.db, { teamId: actor.teamId, earlierId: repeatOf, actor });
      }
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/oops',
    {
      config: {
        // A page is the same for every screen of a team until its next change: the dashboard's lists, the /oops
        // page as it opens, and also its searches and later pages, which its users ask for again and again while
        // they look (decision 009; the cache's cap bounds the keys their typing makes). The custom field filters
        // (cf.<key>) depend on the team's field definitions as well as its incidents: never kept.
        teamCache: {
          // Every parameter as parsed (the cursor decoded, the search trimmed), so no filter can be left out of it.
          key: (request) =>
            customFilterParams(request.query as object).length > 0
              ? null
              : `list:${JSON.stringify(request.query)}`,
          json: (request) => listPageJson(ctx(request), request.query as ListOopsQuery),
        },
      },
      schema: { tags, querystring: listOopsQuery, response: { 200: listOopsResponse, ...errors } },
    },
    async (request) => listOops(ctx(request), request.query),
  );

  app.get(
    '/api/oops/export.csv',
    {
      schema: {
        tags,
        querystring: exportOopsQuery,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const context = ctx(request);
      const oops = await listOopsForExport(context, request.query, CSV_EXPORT_MAX_ROWS);
      const custom = await customFieldsForExport(app.db, context.actor.teamId, oops);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="oops.csv"')
        .send(oopsCsv(oops, custom));
    },
  );

  app.get(
    '/api/oops/departments',
    // The team's department names are read through the team cache.
    { config: { teamCache: {} }, schema: { tags, response: { 200: departmentsResponse, ...errors } } },
    async (request) => listDepartments(ctx(request)),
  );

  app.get(
    '/api/oops/detail/:idSlug',
    { schema: { tags, params: idSlugParams, response: { 200: oopsDetailSchema, ...errors } } },
    async (request) => getOopsByIdSlug(ctx(request), request.params.idSlug),
  );

  app.put(
    '/api/oops/:id',
    {
      schema: { tags, params: idParam, body: updateOopsBody, response: { 200: oopsDetailSchema, ...errors } },
    },
    async (request) => {
      const context = ctx(request);
      // A related_incidents list is made true of the links in the edit's transaction (with-links.ts).
      const sync = request.body.related_incidents !== undefined;
      return (sync ? updateOopsWithLinks : updateOops)(context, request.params.id, request.body);
    },
  );

  app.post(
    '/api/oops/:id/notes',
    {
      config: { idempotent: true },
      schema: { tags, params: idParam, body: createNoteBody, response: { 201: noteSchema, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await addNote(ctx(request), request.params.id, request.body.note)),
  );

  app.get(
    '/api/oops/:id/export.md',
    { schema: { tags, params: idParam, response: { 200: z.string(), ...errors } } },
    async (request, reply) => {
      const context = ctx(request);
      const detail = await getOopsDetail(context, request.params.id);
      const actions = await readActions(app.db, request.params.id);
      const custom = await customFieldsForExport(app.db, context.actor.teamId, [detail]);
      return reply
        .type('text/markdown; charset=utf-8')
        .header('content-disposition', `attachment; filename="postmortem-${detail.id_slug}.md"`)
        .send(postmortemMarkdown(detail, actions, custom));
    },
  );
}
