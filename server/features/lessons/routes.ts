// GET /api/lessons, PATCH /api/lessons/{id}, POST /api/lessons/{id}/merge (decision 020).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../common/contracts/common';
import {
  lessonParams,
  lessonSchema,
  lessonsQuery,
  lessonsResponse,
  mergeLessonBody,
  updateLessonBody,
} from '../../../common/contracts/lessons';
import { requireTeamActor } from '../../plugins/auth';
import { listLessons, mergeLesson, updateLesson, type LessonsContext } from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const tags = ['lessons'];

export async function lessonRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest): LessonsContext => ({ db: app.db, actor: requireTeamActor(request) });
  app.get(
    '/api/lessons',
    {
      // Team data: a read token may list, a write token may change (server/lib/token-scopes.ts).
      config: { tokenScope: 'read' },
      schema: { tags, querystring: lessonsQuery, response: { 200: lessonsResponse, ...errors } },
    },
    async (request) => listLessons(ctx(request), request.query),
  );
  app.patch(
    '/api/lessons/:id',
    {
      config: { tokenScope: 'write' },
      schema: {
        tags,
        params: lessonParams,
        body: updateLessonBody,
        response: { 200: lessonSchema, ...errors },
      },
    },
    async (request) => updateLesson(ctx(request), request.params.id, request.body),
  );
  app.post(
    '/api/lessons/:id/merge',
    {
      config: { tokenScope: 'write' },
      schema: {
        tags,
        params: lessonParams,
        body: mergeLessonBody,
        response: { 200: lessonSchema, ...errors },
      },
    },
    async (request) => mergeLesson(ctx(request), request.params.id, request.body.into),
  );
}
