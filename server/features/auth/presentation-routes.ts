// POST /api/auth/refresh-presentation (docs/product.md §7): a dashboard in presentation mode calls it every 7200 s so a wall
// display stays signed in for days. It marks the session as seen now, whatever the auth hook's touch interval.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { logoutResponse } from '../../../common/contracts/auth';
import { errorBody } from '../../../common/contracts/common';
import { sessions } from '../../db/schema';
import { requireSessionActor } from '../../plugins/auth';

export async function presentationRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/auth/refresh-presentation',
    // The answer has the logout call's shape, { success: true }.
    { schema: { tags: ['auth'], response: { 200: logoutResponse, 401: errorBody } } },
    async (request) => {
      const actor = requireSessionActor(request);
      await app.db
        .update(sessions)
        .set({ lastSeenAt: sql`now()` })
        .where(eq(sessions.id, actor.sessionId));
      return { success: true as const };
    },
  );
}
