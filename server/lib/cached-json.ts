// Answers a team statistic or list from the per-team cache as JSON text serialised once per change, so a wall of
// dashboards polling the same team costs one computation and one serialisation, not one each (decision 009).
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { TeamCache } from './team-cache';

export async function sendTeamCachedJson<S extends z.ZodType>(
  reply: FastifyReply,
  cache: TeamCache,
  teamId: number,
  key: string,
  schema: S,
  compute: () => Promise<z.input<S>>,
): Promise<FastifyReply> {
  // Parsed with the route's response schema exactly as the serializer would (unknown keys dropped, shapes checked).
  const json = await cache.get(teamId, key, async () => JSON.stringify(schema.parse(await compute())));
  // Fastify sends a string with a JSON content type as it is, without running the response serializer again.
  return reply.type('application/json; charset=utf-8').send(json);
}
