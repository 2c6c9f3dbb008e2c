// Each endpoint's health, read from its delivery rows (decision 043): the newest attempted delivery, and the first
// failure of the current failing streak (the failed or retrying deliveries tried after the newest success). Both
// walk webhook_deliveries_endpoint_attempt_idx from the newest attempt down, so a long delivery history costs nothing.
import { sql } from 'drizzle-orm';
import type { WebhookDeliveryStatus } from '../../../common/domain/webhooks';
import type { Db } from '../../db/client';
import { queryRows } from '../../lib/sql-rows';

export interface WebhookHealth {
  last_delivery_at: string | null;
  last_delivery_status: WebhookDeliveryStatus | null;
  last_delivery_response_status: number | null;
  failing_since: string | null;
}

export const NO_HEALTH: WebhookHealth = {
  last_delivery_at: null,
  last_delivery_status: null,
  last_delivery_response_status: null,
  failing_since: null,
};

interface HealthRow {
  id: number;
  last_at: Date | string | null;
  last_status: WebhookDeliveryStatus | null;
  last_response_status: number | null;
  failing_since: Date | string | null;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/**
 * The health of the team's endpoints among `ids` (the team condition keeps other teams' rows out). A streak's first
 * failure is its first attempt when that came after the newest success, else (a delivery retried across that success)
 * its latest attempt. An endpoint with no failures in a row (a success or a resume reset the count) is not failing.
 */
export async function healthOf(db: Db, teamId: number, ids: number[]): Promise<Map<number, WebhookHealth>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<HealthRow>(
    db,
    sql`select e.id, l.last_attempt_at as last_at, l.status as last_status,
          l.response_status as last_response_status, f.since as failing_since
        from webhook_endpoints e
        left join lateral (
          select d.last_attempt_at, d.status, d.response_status from webhook_deliveries d
          where d.endpoint_id = e.id and d.last_attempt_at is not null
          order by d.last_attempt_at desc limit 1) l on true
        left join lateral (
          select d.last_attempt_at as at from webhook_deliveries d
          where d.endpoint_id = e.id and d.last_attempt_at is not null and d.status = 'succeeded'
          order by d.last_attempt_at desc limit 1) ok on true
        left join lateral (
          select min(case when ok.at is null or d.first_attempt_at > ok.at
                     then coalesce(d.first_attempt_at, d.last_attempt_at) else d.last_attempt_at end) as since
          from webhook_deliveries d
          where d.endpoint_id = e.id and d.status <> 'succeeded'
            and d.last_attempt_at > coalesce(ok.at, '-infinity'::timestamptz)) f on e.consecutive_failures > 0
        where e.team_id = ${teamId} and e.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        last_delivery_at: iso(r.last_at),
        last_delivery_status: r.last_status,
        last_delivery_response_status: r.last_response_status,
        failing_since: iso(r.failing_since),
      },
    ]),
  );
}
