// The team cache under writes (server/cache/team-cache.ts): the writer reads its own write at once (list, detail and
// statistics), and another dashboard of the team sees it once the live event reaches it, which is after the stale
// window, so its refetch is never answered from before the change. Runs on both databases.
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { LiveEvent } from '../../../common/contracts/live';
import { TEAM_CACHE_STALE_MS } from '../../cache/freshness';
import { createTestApp } from '../../test/app';
import { memberOf, signUp, type SignedIn } from '../../test/factories';
import { logOops } from '../../test/oops-factory';

let app: FastifyInstance;
let writer: SignedIn;
let viewer: SignedIn;

beforeAll(async () => {
  app = await createTestApp();
  writer = await signUp(app);
  viewer = await memberOf(app, writer.user.team!.id, 'member');
});

const get = (url: string, as: SignedIn) => app.inject({ url, headers: as.auth });
const statsOf = async (as: SignedIn) =>
  (await get('/api/oops/stats', as)).json<{ recent_oops: number; total_oops: number }>();
const listOf = async (as: SignedIn) =>
  (await get('/api/oops?limit=100', as)).json<{ oops: { id: number }[]; total: number }>();

describe('reading while the team writes', () => {
  it('shows the writer its new incident at once in the list, the detail and the statistics', async () => {
    // Both sessions have filled the cache.
    await Promise.all([statsOf(writer), listOf(writer), statsOf(viewer), listOf(viewer)]);
    const before = await statsOf(writer);
    const created = await logOops(app, writer, { title: 'Read right after the write' });
    const [stats, list, detail] = await Promise.all([
      statsOf(writer),
      listOf(writer),
      get(`/api/oops/detail/${created.id_slug}`, writer),
    ]);
    expect(stats.total_oops).toBe(before.total_oops + 1);
    expect(stats.recent_oops).toBe(before.recent_oops + 1);
    expect(list.oops.map((o) => o.id)).toContain(created.id);
    expect(detail.statusCode).toBe(200);

    // An edit by the writer is read back at once as well.
    const critical = async () =>
      (await get('/api/oops/stats', writer)).json<{ severity_breakdown: { Critical: number } }>()
        .severity_breakdown.Critical;
    const criticalBefore = await critical();
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/oops/${created.id}`,
      headers: writer.auth,
      payload: { severity: 'Critical' },
    });
    expect(edit.statusCode).toBe(200);
    expect(await critical()).toBe(criticalBefore + 1);
  });

  it('counts a search again after the team changes (the count is cached until then)', async () => {
    const search = async () =>
      (await get('/api/oops?search=zebra%20crossing&limit=5', writer)).json<{ matched: number }>().matched;
    expect(await search()).toBe(0);
    await logOops(app, writer, { title: 'Zebra crossing sensor fault' });
    expect(await search()).toBe(1);
  });

  it('shows another dashboard the change when the live event reaches it', async () => {
    const searchOf = async (as: SignedIn) =>
      (await get('/api/oops?search=other%20dashboard&offset=0&limit=5', as)).json<{
        oops: { id: number }[];
      }>();
    await Promise.all([statsOf(viewer), listOf(viewer)]);
    // A search page is cached as well (decision 009).
    expect((await searchOf(viewer)).oops).toEqual([]);
    const seen: { event: LiveEvent; at: number }[] = [];
    onTestFinished(app.live.subscribe(writer.user.team!.id, (event) => seen.push({ event, at: Date.now() })));
    // The writer's view is always current (the viewer's may still be up to a second old here).
    const before = await statsOf(writer);
    const sentAt = Date.now();
    const created = await logOops(app, writer, { title: 'Seen by the other dashboard' });
    await vi.waitFor(
      () => expect(seen.map((s) => s.event)).toContainEqual({ type: 'oops.created', id: created.id }),
      { timeout: TEAM_CACHE_STALE_MS + 4_000 },
    );
    // The event comes after the stale window and well within 2 s on this machine's scale…
    const at = seen.find((s) => s.event.id === created.id)!.at;
    expect(at - sentAt).toBeGreaterThanOrEqual(TEAM_CACHE_STALE_MS);
    // …and the refetch it causes is fresh.
    expect((await statsOf(viewer)).total_oops).toBe(before.total_oops + 1);
    expect((await listOf(viewer)).oops.map((o) => o.id)).toContain(created.id);
    expect((await searchOf(viewer)).oops.map((o) => o.id)).toEqual([created.id]);
  });
});
