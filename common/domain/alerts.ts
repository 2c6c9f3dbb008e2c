// Alert ingestion (POST /api/ingest/alertmanager and /api/ingest/grafana, docs/decisions/015-alert-ingestion.md):
// limits, the severity words monitoring rules use and the texts of the timeline events an alert adds.
import { SEVERITIES, type Severity } from './options';

export const ALERT_SOURCES = ['alertmanager', 'grafana'] as const;
export type AlertSource = (typeof ALERT_SOURCES)[number];
export const ALERT_SOURCE_NAMES: Record<AlertSource, string> = {
  alertmanager: 'Alertmanager',
  grafana: 'Grafana',
};

export const ALERT_LIMITS = {
  /** Alerts in one delivery (Alertmanager's `max_alerts` and Grafana's batches stay far below). */
  alertsMax: 100,
  labelsMax: 100,
  labelNameMax: 200,
  labelValueMax: 2_000,
  annotationValueMax: 20_000,
  urlMax: 2_000,
  fingerprintMax: 200,
  textMax: 2_000,
} as const;

/** The severity when the `severity` label names none we know. */
export const ALERT_DEFAULT_SEVERITY: Severity = 'Medium';

/**
 * Words alerting rules commonly put in their `severity` label (lower case), beyond our own four names, which match
 * in any case: pager-worthy → Critical, errors → High, warnings → Medium, information → Low.
 */
export const ALERT_SEVERITY_WORDS: Record<string, Severity> = {
  critical: 'Critical',
  crit: 'Critical',
  page: 'Critical',
  emergency: 'Critical',
  fatal: 'Critical',
  disaster: 'Critical',
  p1: 'Critical',
  high: 'High',
  error: 'High',
  major: 'High',
  p2: 'High',
  medium: 'Medium',
  warning: 'Medium',
  warn: 'Medium',
  moderate: 'Medium',
  average: 'Medium',
  p3: 'Medium',
  low: 'Low',
  info: 'Low',
  informational: 'Low',
  minor: 'Low',
  notice: 'Low',
  p4: 'Low',
  p5: 'Low',
};

/** The incident severity for an alert's `severity` label (any case), or Medium. */
export function alertSeverity(label: string | undefined): Severity {
  const word = label?.trim().toLowerCase() ?? '';
  const own = SEVERITIES.find((s) => s.toLowerCase() === word);
  return own ?? ALERT_SEVERITY_WORDS[word] ?? ALERT_DEFAULT_SEVERITY;
}

/** Labels that may name the incident's department (first that matches one of the team's departments wins). */
export const ALERT_DEPARTMENT_LABELS = ['department', 'team'] as const;
/** Labels that may name the product or system, first present wins. */
export const ALERT_SYSTEM_LABELS = ['service', 'app', 'job'] as const;

/** The detection method of every ingested alert's incident. */
export const ALERT_DETECTION_METHOD = 'Monitoring Alert';

/** Timeline events an alert adds to its open incident. */
export const ALERT_TIMELINE = {
  firedAgain: {
    event: 'Alert Fired Again',
    color: 'orange',
    icon: 'bell',
    description: (source: string, name: string, since: string) =>
      `${source} sent the alert ${name} again (firing since ${since}).`,
  },
  resolved: {
    event: 'Incident Resolved',
    color: 'green',
    icon: 'check-circle',
    description: (source: string, name: string) =>
      `${source} reports the alert ${name} resolved. Close the incident once its lessons are recorded.`,
  },
} as const;
