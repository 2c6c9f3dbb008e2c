// Alert ingestion (decision 015): a firing alert opens an incident in the caller's team, or adds "Alert Fired Again"
// to the team's open incident with its fingerprint; a resolved alert adds "Incident Resolved" to it (closing stays
// with people: the learning happens after). One transaction per delivery, so a failure writes nothing.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { IngestAction, IngestResponse } from '../../../common/contracts/ingest';
import { createOopsBody } from '../../../common/contracts/oops';
import { ALERT_SOURCE_NAMES, ALERT_TIMELINE, type AlertSource } from '../../../common/domain/alerts';
import { OOPS_LIMITS } from '../../../common/domain/oops-options';
import type { TimelineEvent } from '../../../common/domain/timeline';
import type { Db } from '../../db/client';
import { oops } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import type { TeamActor } from '../../lib/actor';
import {
  insertOops,
  listDepartments,
  loggedRowColumns,
  writeOopsChanges,
  type LoggedRow,
  type OopsContext,
} from '../oops';
import { incidentFromAlert, type NormalizedAlert } from './normalized-alert';

interface Delivery {
  tx: Db;
  actor: TeamActor;
  source: string;
  departments: readonly string[];
  now: Date;
}

/** The team's newest open incident opened by this fingerprint, locked for the rest of the transaction. */
async function openIncidentOf(tx: Db, teamId: number, fingerprint: string): Promise<LoggedRow | undefined> {
  const [row] = await tx
    .select(loggedRowColumns)
    .from(oops)
    .where(and(eq(oops.teamId, teamId), eq(oops.alertFingerprint, fingerprint), eq(oops.status, 'Open')))
    .orderBy(desc(oops.createdAt), desc(oops.id))
    .limit(1)
    .for('update');
  return row;
}

/**
 * Appends an alert's event to the incident's timeline. A timeline already at its limit (a flapping alert) keeps
 * what it has: the incident still counts the repeat in the answer, and people can still edit the timeline.
 */
async function appendEvent(d: Delivery, row: LoggedRow, event: Omit<TimelineEvent, 'id'>): Promise<void> {
  if (row.timelineEvents.length >= OOPS_LIMITS.timelineEventsMax) return;
  await writeOopsChanges(d.tx, d.actor, row, {
    timeline_events: [...row.timelineEvents, { ...event, id: randomUUID() }],
  });
}

async function ingestOne(
  d: Delivery,
  alert: NormalizedAlert,
): Promise<IngestAction | [IngestAction, number]> {
  const open = await openIncidentOf(d.tx, d.actor.teamId, alert.fingerprint);
  if (alert.status === 'firing') {
    if (open) {
      const { event, color, icon, description } = ALERT_TIMELINE.firedAgain;
      await appendEvent(d, open, {
        timestamp: d.now.toISOString(),
        event,
        color,
        icon,
        description: description(d.source, alert.name, alert.startsAt),
        user: d.source,
        type: 'custom',
      });
      return ['repeated', open.id];
    }
    const body = createOopsBody.safeParse(incidentFromAlert(alert, d.departments));
    if (!body.success) {
      throw badRequest(`Alert ${alert.fingerprint}: ${body.error.issues[0]?.message ?? 'invalid alert.'}`);
    }
    const { id } = await insertOops(d.tx, d.actor, body.data, { alertFingerprint: alert.fingerprint });
    return ['created', id];
  }
  if (!open) return 'ignored';
  const { event, color, icon, description } = ALERT_TIMELINE.resolved;
  await appendEvent(d, open, {
    timestamp: alert.endsAt ?? d.now.toISOString(),
    event,
    color,
    icon,
    description: description(d.source, alert.name),
    user: d.source,
    type: 'custom',
  });
  return ['resolved', open.id];
}

/** Applies a delivery's alerts in the order sent; answers one result per alert. */
export async function ingestAlerts(
  ctx: OopsContext,
  source: AlertSource,
  alerts: readonly NormalizedAlert[],
): Promise<IngestResponse> {
  const departments = await listDepartments(ctx);
  const { actor } = ctx;
  return ctx.db.transaction(async (tx) => {
    // Two deliveries of one alert (Alertmanager's HA peers both send) must not open two incidents: each takes the
    // team's lock on the fingerprint, in sorted order so that two deliveries of several alerts cannot deadlock.
    const fingerprints = [...new Set(alerts.map((a) => a.fingerprint))].sort();
    for (const fingerprint of fingerprints) {
      await tx.execute(sql`select pg_advisory_xact_lock(${actor.teamId}::int, hashtext(${fingerprint}))`);
    }
    const d: Delivery = { tx, actor, source: ALERT_SOURCE_NAMES[source], departments, now: new Date() };
    const results: IngestResponse['results'] = [];
    for (const alert of alerts) {
      const outcome = await ingestOne(d, alert);
      const [action, id] = typeof outcome === 'string' ? [outcome, null] : outcome;
      results.push({ fingerprint: alert.fingerprint, action, oops_id: id });
    }
    return { results };
  });
}
