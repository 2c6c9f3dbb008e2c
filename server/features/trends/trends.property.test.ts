// Property: for any set of records (kinds, severities, departments, creation times around the ends of weeks, months
// and the period, resolution and occurrence times), the trends read from the rollups equal those read from the raw
// rows, and every median, p90 and histogram equals the one computed here from the records themselves. Runs on PGlite
// and on PostgreSQL like the rest of the API suite.
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DURATION_BINS } from '../../../common/domain/trends';
import { oops } from '../../db/schema';
import type { TeamActor } from '../../lib/actor';
import { createTestApp } from '../../test/app';
import { signUp } from '../../test/factories';
import { logOops } from '../../test/oops-factory';
import { getDistributions, getTrends } from './service';

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp();
});

const FROM = '2026-01-05';
const TO = '2026-03-31';
const START = Date.parse(`${FROM}T00:00:00Z`);
const MIN = 60_000;

const record = fc.record({
  kind: fc.constantFrom('incident', 'incident', 'near_miss', 'learning_moment'),
  severity: fc.constantFrom('Low', 'Medium', 'High', 'Critical'),
  department: fc.constantFrom('Engineering', 'Support'),
  // From a week before the period to a week after it, often a minute either side of a day's end.
  createdMinutes: fc.oneof(
    fc.integer({ min: -7 * 1440, max: 93 * 1440 }),
    fc.integer({ min: -1, max: 92 }).chain((d) => fc.constantFrom(d * 1440 - 1, d * 1440)),
  ),
  detectMinutes: fc.option(fc.integer({ min: 0, max: 3 * 1440 })),
  resolveMinutes: fc.option(
    fc.oneof(fc.integer({ min: 0, max: 600 }), fc.integer({ min: 0, max: 40 * 1440 })),
  ),
});

/** PostgreSQL's percentile_cont. */
function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const at = p * (sorted.length - 1);
  const low = Math.floor(at);
  return sorted[low]! + (sorted[Math.min(low + 1, sorted.length - 1)]! - sorted[low]!) * (at - low);
}
const rounded = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);

function histogram(minutes: number[]) {
  let lower = 0;
  return DURATION_BINS.map((bin) => {
    const from = lower;
    lower = bin.below ?? lower;
    const count = minutes.filter((m) => m * 60 >= from && (bin.below === null || m * 60 < bin.below)).length;
    return { bin: bin.label, count };
  });
}

describe('trends and distributions', () => {
  it('from the rollups equal those from the raw rows, and the durations those of the records', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(record, { maxLength: 14 }), async (records) => {
        const as = await signUp(app);
        const teamId = as.user.team!.id;
        for (const r of records) {
          const o = await logOops(app, as, {
            kind: r.kind,
            severity: r.severity,
            area_department: r.department,
          });
          const created = new Date(START + r.createdMinutes * MIN);
          const start =
            r.detectMinutes === null ? created : new Date(created.getTime() - r.detectMinutes * MIN);
          await app.db
            .update(oops)
            .set({
              createdAt: created,
              occurredAt: r.detectMinutes === null ? null : start,
              resolvedAt:
                r.resolveMinutes === null ? null : new Date(start.getTime() + r.resolveMinutes * MIN),
            })
            .where(eq(oops.id, o.id));
        }
        const ctx = { db: app.db, actor: { teamId } as TeamActor };
        const query = { from: FROM, to: TO };
        const fromRollups = await getTrends(ctx, query, { source: 'rollup' });
        const fromRows = await getTrends(ctx, query, { source: 'raw' });
        expect(fromRollups).toEqual(fromRows);

        const inPeriod = records.filter((r) => r.createdMinutes >= 0 && r.createdMinutes < 86 * 1440);
        const incidents = inPeriod.filter((r) => r.kind === 'incident');
        expect(fromRollups.weeks.reduce((n, w) => n + w.near_misses, 0)).toBe(
          inPeriod.filter((r) => r.kind === 'near_miss').length,
        );
        expect(fromRollups.totals.current.incidents).toBe(incidents.length);
        const resolve = incidents.flatMap((r) => (r.resolveMinutes === null ? [] : [r.resolveMinutes]));
        const detect = incidents.flatMap((r) => (r.detectMinutes === null ? [] : [r.detectMinutes]));
        const distributions = await getDistributions(ctx, query);
        expect(distributions.resolve).toMatchObject({
          count: resolve.length,
          median_minutes: rounded(percentile(resolve, 0.5)),
          p90_minutes: rounded(percentile(resolve, 0.9)),
          histogram: histogram(resolve),
        });
        expect(distributions.detect).toMatchObject({
          count: detect.length,
          median_minutes: rounded(percentile(detect, 0.5)),
          histogram: histogram(detect),
        });
        expect(fromRollups.totals.current.resolve_median_minutes).toBe(rounded(percentile(resolve, 0.5)));
        await app.db.execute(sql`delete from oops where team_id = ${teamId}`);
      }),
      { numRuns: 12 },
    );
  }, 240_000);
});
