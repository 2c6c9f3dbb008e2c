// Prometheus Alertmanager's webhook body (version 4) → normalized alerts. Each alert carries its full label set
// (common labels included) and its own fingerprint, so the group fields are not needed.
import type { AlertmanagerPayload } from '../../../common/contracts/ingest';
import { normalizeAlert, type NormalizedAlert } from './normalized-alert';

/** The payload's alerts in the order sent. */
export function alertmanagerAlerts(payload: AlertmanagerPayload): NormalizedAlert[] {
  return payload.alerts.map((alert) => normalizeAlert(alert));
}
