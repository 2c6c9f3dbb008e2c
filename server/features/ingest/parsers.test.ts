// The two webhook formats read into normalized alerts, and the incident a firing alert opens (pure functions).
import { describe, expect, it } from 'vitest';
import { alertmanagerPayload, grafanaPayload } from '../../../common/contracts/ingest';
import { createOopsBody } from '../../../common/contracts/oops';
import { alertSeverity } from '../../../common/domain/alerts';
import { OOPS_LIMITS } from '../../../common/domain/oops-options';
import { alertmanagerAlerts } from './alertmanager';
import { grafanaAlerts } from './grafana';
import { incidentFromAlert, labelsFingerprint, normalizeAlert } from './normalized-alert';
import amFiring from './fixtures/alertmanager-firing.json';
import amResolved from './fixtures/alertmanager-resolved.json';
import grafanaFiring from './fixtures/grafana-firing.json';
import grafanaResolved from './fixtures/grafana-resolved.json';

const DEPARTMENTS = ['Engineering', 'Operations', 'Support'];

describe('Alertmanager', () => {
  it('reads a firing alert: fingerprint, name, title with the summary, description with context and links', () => {
    const [alert, ...rest] = alertmanagerAlerts(alertmanagerPayload.parse(amFiring));
    expect(rest).toEqual([]);
    expect(alert).toMatchObject({
      fingerprint: 'c4d6a0b3f2e8d1a7',
      status: 'firing',
      name: 'HighErrorRate',
      title: 'HighErrorRate: High request error rate on checkout-api',
      startsAt: '2026-03-02T09:41:27.123456789Z',
      endsAt: null,
      url: amFiring.alerts[0]!.generatorURL,
    });
    expect(alert!.description).toContain(
      'More than 5% of requests to checkout-api failed over the last 10 minutes.',
    );
    expect(alert!.description).toContain(
      'Alert HighErrorRate fired at 2026-03-02T09:41:27.123456789Z (instance=checkout-api-0:8080, job=checkout-api, severity=critical, team=engineering).',
    );
    expect(alert!.description).toContain(
      'Runbook: https://runbooks.example.com/checkout-api/high-error-rate',
    );
  });

  it('reads a resolved alert with its end time', () => {
    const [alert] = alertmanagerAlerts(alertmanagerPayload.parse(amResolved));
    expect(alert).toMatchObject({ status: 'resolved', endsAt: '2026-03-02T10:12:57.5Z' });
  });

  it('maps a firing alert to a valid incident: Critical, Monitoring Alert, department and system from labels', () => {
    const [alert] = alertmanagerAlerts(alertmanagerPayload.parse(amFiring));
    const body = incidentFromAlert(alert!, DEPARTMENTS);
    expect(body).toMatchObject({
      title: 'HighErrorRate: High request error rate on checkout-api',
      severity: 'Critical',
      detection_method: 'Monitoring Alert',
      kind: 'incident',
      area_department: 'Engineering',
      product_system: 'checkout-api',
      occurred_at: '2026-03-02T09:41:27.123456789Z',
    });
    expect(createOopsBody.safeParse(body).success).toBe(true);
  });

  it('refuses bodies that are not Alertmanager webhooks', () => {
    expect(alertmanagerPayload.safeParse([]).success).toBe(false);
    expect(alertmanagerPayload.safeParse({ ...amFiring, alerts: undefined }).success).toBe(false);
    expect(alertmanagerPayload.safeParse({ ...amFiring, alerts: [] }).success).toBe(false);
    expect(alertmanagerPayload.safeParse({ ...amFiring, version: '3' }).success).toBe(false);
    const badAlert = { ...amFiring.alerts[0], status: 'pending' };
    expect(alertmanagerPayload.safeParse({ ...amFiring, alerts: [badAlert] }).success).toBe(false);
    const badLabels = { ...amFiring.alerts[0], labels: { alertname: 5 } };
    expect(alertmanagerPayload.safeParse({ ...amFiring, alerts: [badLabels] }).success).toBe(false);
    const badTime = { ...amFiring.alerts[0], startsAt: 'yesterday' };
    expect(alertmanagerPayload.safeParse({ ...amFiring, alerts: [badTime] }).success).toBe(false);
  });
});

describe('Grafana', () => {
  it('reads a firing alert with dashboard, panel and values in the description', () => {
    const [alert] = grafanaAlerts(grafanaPayload.parse(grafanaFiring));
    expect(alert).toMatchObject({
      fingerprint: '57c6d9296de2ad39',
      status: 'firing',
      name: 'DiskSpaceLow',
      title: 'DiskSpaceLow: Disk space below 10% on db-1',
      endsAt: null,
    });
    expect(alert!.description).toContain('The data volume of db-1 has 8% free space left.');
    expect(alert!.description).toContain('Dashboard: https://grafana.example.com/d/infra01?orgId=1');
    expect(alert!.description).toContain('Panel: https://grafana.example.com/d/infra01?orgId=1&viewPanel=4');
    expect(alert!.description).toContain("Values: [ var='B' labels={instance=db-1} value=8.12 ]");
    const body = incidentFromAlert(alert!, DEPARTMENTS);
    expect(body).toMatchObject({ severity: 'Medium', product_system: 'postgres' });
    expect(body.area_department).toBeUndefined();
  });

  it('reads a resolved alert (values null, as Grafana sends them)', () => {
    const [alert] = grafanaAlerts(grafanaPayload.parse(grafanaResolved));
    expect(alert).toMatchObject({ status: 'resolved', endsAt: '2026-03-02T08:45:00Z' });
  });
});

describe('normalizing', () => {
  const base = { status: 'firing' as const, startsAt: '2026-03-02T08:00:00Z', labels: { alertname: 'X' } };

  it('derives a stable fingerprint from the labels when the source sends none', () => {
    const a = normalizeAlert({ ...base, labels: { alertname: 'X', b: '2', a: '1' } });
    const b = normalizeAlert({ ...base, labels: { a: '1', alertname: 'X', b: '2' } });
    expect(a.fingerprint).toBe(b.fingerprint);
    expect(a.fingerprint).toBe(labelsFingerprint({ alertname: 'X', a: '1', b: '2' }));
    expect(normalizeAlert({ ...base, labels: { alertname: 'Y' } }).fingerprint).not.toBe(a.fingerprint);
  });

  it('keeps titles within the field limit and pads a bare alert to a valid description', () => {
    const long = normalizeAlert({ ...base, annotations: { summary: 'word '.repeat(100) } });
    expect(long.title.length).toBeLessThanOrEqual(OOPS_LIMITS.titleMax);
    expect(long.title.endsWith('…')).toBe(true);
    const bare = normalizeAlert({ ...base, labels: {} });
    expect(bare.title).toBe('Alert');
    expect(bare.description).toBe('Alert Alert fired at 2026-03-02T08:00:00Z.');
    expect(createOopsBody.safeParse(incidentFromAlert(bare, [])).success).toBe(true);
  });

  it('maps severity labels: our names in any case, common words, else Medium', () => {
    expect(alertSeverity('CRITICAL')).toBe('Critical');
    expect(alertSeverity('page')).toBe('Critical');
    expect(alertSeverity('error')).toBe('High');
    expect(alertSeverity('High')).toBe('High');
    expect(alertSeverity('warning')).toBe('Medium');
    expect(alertSeverity('info')).toBe('Low');
    expect(alertSeverity('Low')).toBe('Low');
    expect(alertSeverity('whatever')).toBe('Medium');
    expect(alertSeverity(undefined)).toBe('Medium');
  });
});
