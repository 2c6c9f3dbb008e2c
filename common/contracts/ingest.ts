// Contracts of alert ingestion (docs/integrations.md "Alert ingestion", decision 015): the webhook bodies that
// Prometheus Alertmanager (version 4) and Grafana's unified alerting send, and what OopsBoard answers. Fields we
// do not use are accepted and dropped, so that a newer Alertmanager or Grafana adding one is not refused.
import { z } from 'zod';
import { INT4_MAX, INT4_MIN } from './safe-input';
import { ALERT_LIMITS as L } from '../domain/alerts';

const timestamp = z.iso.datetime({
  offset: true,
  error: 'Use an RFC 3339 date and time, e.g. 2026-11-21T09:30:00Z.',
});
const url = z.string().max(L.urlMax, `URLs must be at most ${L.urlMax} characters.`);
const optionalUrl = url.nullish();

const stringMap = (valueMax: number, what: string) =>
  z
    .record(
      z.string().min(1).max(L.labelNameMax, `${what} names must be at most ${L.labelNameMax} characters.`),
      z.string({ error: `${what} values must be strings.` }).max(valueMax, `${what} values are too long.`),
    )
    .refine(
      (map) => Object.keys(map).length <= L.labelsMax,
      `At most ${L.labelsMax} ${what.toLowerCase()}s.`,
    );
const labels = stringMap(L.labelValueMax, 'Label');
const annotations = stringMap(L.annotationValueMax, 'Annotation');

const alertStatus = z.enum(['firing', 'resolved'], { error: 'Alert status must be "firing" or "resolved".' });

/** One alert as both sources send it. */
const alertFields = {
  status: alertStatus,
  labels,
  annotations: annotations.nullish(),
  startsAt: timestamp,
  endsAt: timestamp.nullish(),
  generatorURL: optionalUrl,
  fingerprint: z.string().trim().min(1).max(L.fingerprintMax).nullish(),
};

const alertList = <T extends z.ZodType>(alert: T) =>
  z
    .array(alert, { error: 'alerts must be a list of alerts.' })
    .min(1, 'Send at least one alert.')
    .max(L.alertsMax, `At most ${L.alertsMax} alerts per request.`);

/** The group fields both sources send around the alerts. */
const groupFields = {
  receiver: z.string().max(L.textMax).nullish(),
  status: alertStatus.nullish(),
  groupKey: z.string().max(L.textMax).nullish(),
  groupLabels: labels.nullish(),
  commonLabels: labels.nullish(),
  commonAnnotations: annotations.nullish(),
  externalURL: optionalUrl,
  truncatedAlerts: z.number().int().min(0).max(INT4_MAX).nullish(),
};

export const alertmanagerAlert = z.object(alertFields);

/** Alertmanager's webhook_config body (https://prometheus.io/docs/alerting/latest/configuration/#webhook_config). */
export const alertmanagerPayload = z.object(
  {
    version: z.literal('4', { error: 'Only version 4 of the Alertmanager webhook is supported.' }).nullish(),
    ...groupFields,
    alerts: alertList(alertmanagerAlert),
  },
  { error: 'Send the Alertmanager webhook body: a JSON object with an alerts list.' },
);
export type AlertmanagerPayload = z.infer<typeof alertmanagerPayload>;

export const grafanaAlert = z.object({
  ...alertFields,
  silenceURL: optionalUrl,
  dashboardURL: optionalUrl,
  panelURL: optionalUrl,
  imageURL: optionalUrl,
  values: z.record(z.string(), z.number().nullable()).nullish(),
  valueString: z.string().max(L.annotationValueMax).nullish(),
});

/** Grafana's webhook contact point body (https://grafana.com/docs/grafana/latest/alerting/configure-notifications/manage-contact-points/integrations/webhook-notifier/). */
export const grafanaPayload = z.object(
  {
    version: z.string().max(20).nullish(),
    ...groupFields,
    orgId: z.number().int().min(INT4_MIN).max(INT4_MAX).nullish(),
    title: z.string().max(L.annotationValueMax).nullish(),
    state: z.string().max(40).nullish(),
    message: z.string().max(L.annotationValueMax).nullish(),
    alerts: alertList(grafanaAlert),
  },
  { error: 'Send the Grafana webhook body: a JSON object with an alerts list.' },
);
export type GrafanaPayload = z.infer<typeof grafanaPayload>;

export const INGEST_ACTIONS = ['created', 'repeated', 'resolved', 'ignored'] as const;
export type IngestAction = (typeof INGEST_ACTIONS)[number];

/**
 * One result per alert, in the order sent: created (a new incident), repeated (added to the open incident of its
 * fingerprint), resolved (its open incident got "Incident Resolved"), ignored (resolved with no open incident).
 */
export const ingestResponse = z.object({
  results: z.array(
    z.object({
      fingerprint: z.string(),
      action: z.enum(INGEST_ACTIONS),
      oops_id: z.number().nullable(),
    }),
  ),
});
export type IngestResponse = z.infer<typeof ingestResponse>;
