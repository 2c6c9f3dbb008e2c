// The one shape both webhook formats are read into (alertmanager.ts, grafana.ts), and how such an alert becomes the
// body of a new incident. Pure functions: no database, no clock.
import { createHash } from 'node:crypto';
import type { CreateOopsBody } from '../../../common/contracts/oops';
import {
  ALERT_DEPARTMENT_LABELS,
  ALERT_DETECTION_METHOD,
  ALERT_SYSTEM_LABELS,
  alertSeverity,
} from '../../../common/domain/alerts';
import { OOPS_LIMITS } from '../../../common/domain/oops-options';

export interface NormalizedAlert {
  /** The source's fingerprint, or one derived from the labels when the source sent none. */
  fingerprint: string;
  status: 'firing' | 'resolved';
  /** The alert's name (labels.alertname). */
  name: string;
  title: string;
  description: string;
  labels: Record<string, string>;
  startsAt: string;
  /** null while firing (Alertmanager's and Grafana's "0001-01-01T00:00:00Z" or a future estimate mean "not yet"). */
  endsAt: string | null;
  /** Where the alert comes from (the rule's generator URL). */
  url: string | null;
}

/** The parts of one alert both formats share. */
export interface AlertParts {
  status: 'firing' | 'resolved';
  labels: Record<string, string>;
  annotations?: Record<string, string> | null;
  startsAt: string;
  endsAt?: string | null;
  generatorURL?: string | null;
  fingerprint?: string | null;
}

const ELLIPSIS = '…';
const cut = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - ELLIPSIS.length).trimEnd()}${ELLIPSIS}`;
/** Collapses whitespace (titles are one line). */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A stable fingerprint of a label set (sorted), for a source that sent none. */
export function labelsFingerprint(labels: Record<string, string>): string {
  const sorted = Object.keys(labels)
    .sort()
    .map((k) => [k, labels[k]]);
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex').slice(0, 16);
}

/** The end time if the alert has ended (resolved), else null: a firing alert's endsAt is only an estimate. */
function endedAt(parts: AlertParts): string | null {
  if (parts.status !== 'resolved' || !parts.endsAt) return null;
  return Date.parse(parts.endsAt) > 0 ? parts.endsAt : null;
}

/**
 * Reads one alert into the common shape. `extraLines` are source-specific details (Grafana's dashboard and values)
 * added to the description.
 */
export function normalizeAlert(parts: AlertParts, extraLines: string[] = []): NormalizedAlert {
  const { labels } = parts;
  const annotations = parts.annotations ?? {};
  const name = oneLine(labels.alertname ?? '') || 'Alert';
  const summary = oneLine(annotations.summary ?? '');
  const title = cut(summary ? `${name}: ${summary}` : name, OOPS_LIMITS.titleMax);
  const text = (annotations.description ?? annotations.summary ?? annotations.message ?? '').trim();
  const otherLabels = Object.entries(labels)
    .filter(([k]) => k !== 'alertname')
    .map(([k, v]) => `${k}=${v}`);
  const context = `Alert ${name} fired at ${parts.startsAt}${otherLabels.length ? ` (${otherLabels.join(', ')})` : ''}.`;
  const links = [
    parts.generatorURL ? `Source: ${parts.generatorURL}` : '',
    annotations.runbook_url ? `Runbook: ${annotations.runbook_url}` : '',
    ...extraLines,
  ].filter(Boolean);
  const description = cut(
    [text, context, links.join('\n')].filter(Boolean).join('\n\n'),
    OOPS_LIMITS.descriptionMax,
  );
  return {
    fingerprint: parts.fingerprint?.trim() || labelsFingerprint(labels),
    status: parts.status,
    name,
    title,
    description,
    labels,
    startsAt: parts.startsAt,
    endsAt: endedAt(parts),
    url: parts.generatorURL || null,
  };
}

/** The value of the first of `names` present (non-blank) in the labels. */
function firstLabel(labels: Record<string, string>, names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = labels[name]?.trim();
    if (value) return value;
  }
  return undefined;
}

/**
 * The body of the incident a firing alert opens: severity from its `severity` label, detection method Monitoring
 * Alert, the department when a `department` or `team` label names one of the team's (any case), the product or
 * system from `service`, `app` or `job`, and when it started.
 */
export function incidentFromAlert(alert: NormalizedAlert, departments: readonly string[]): CreateOopsBody {
  const wanted = ALERT_DEPARTMENT_LABELS.map((l) => alert.labels[l]?.trim().toLowerCase()).filter(Boolean);
  const department = wanted
    .map((w) => departments.find((d) => d.toLowerCase() === w))
    .find((d) => d !== undefined);
  const system = firstLabel(alert.labels, ALERT_SYSTEM_LABELS);
  return {
    title: alert.title,
    severity: alertSeverity(alert.labels.severity),
    description: alert.description,
    kind: 'incident',
    detection_method: ALERT_DETECTION_METHOD,
    occurred_at: alert.startsAt,
    ...(department ? { area_department: department } : {}),
    ...(system ? { product_system: cut(system, OOPS_LIMITS.shortTextMax) } : {}),
  };
}
