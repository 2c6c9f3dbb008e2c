// Grafana unified alerting's webhook body → normalized alerts. Grafana's alerts have the Alertmanager shape plus
// links to the dashboard and panel and the values that fired the rule, which go into the description.
import type { GrafanaPayload } from '../../../common/contracts/ingest';
import { normalizeAlert, type NormalizedAlert } from './normalized-alert';

type GrafanaAlert = GrafanaPayload['alerts'][number];

function grafanaLines(alert: GrafanaAlert): string[] {
  const values = alert.valueString?.trim();
  return [
    alert.dashboardURL ? `Dashboard: ${alert.dashboardURL}` : '',
    alert.panelURL ? `Panel: ${alert.panelURL}` : '',
    values ? `Values: ${values}` : '',
  ].filter(Boolean);
}

/** The payload's alerts in the order sent. */
export function grafanaAlerts(payload: GrafanaPayload): NormalizedAlert[] {
  return payload.alerts.map((alert) => normalizeAlert(alert, grafanaLines(alert)));
}
