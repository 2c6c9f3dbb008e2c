// The audit log's filter form as typed text, and its translation into API parameters. Dates are the viewer's
// calendar days: 'from' starts at local midnight, 'to' ends at the last millisecond of that local day.
import type { AuditParams } from './api/get-audit-events';

export interface AuditFilterForm {
  action: string;
  actorId: string;
  teamId: string;
  from: string;
  to: string;
}

export const EMPTY_AUDIT_FILTERS: AuditFilterForm = { action: '', actorId: '', teamId: '', from: '', to: '' };

export type AuditFilterErrors = Partial<Record<keyof AuditFilterForm, string>>;

const ID_PATTERN = /^[1-9]\d{0,9}$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function localDayBoundary(day: string, end: boolean): string | null {
  if (!DATE_PATTERN.test(day)) return null;
  const date = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00.000'}`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Returns the API filters, or the errors to show; fields left empty filter nothing. */
export function auditFiltersToParams(
  form: AuditFilterForm,
): { ok: true; filters: Omit<AuditParams, 'limit' | 'offset'> } | { ok: false; errors: AuditFilterErrors } {
  const errors: AuditFilterErrors = {};
  const actorId = form.actorId.trim();
  const teamId = form.teamId.trim();
  if (actorId && !ID_PATTERN.test(actorId)) errors.actorId = 'Enter a user ID (a whole number).';
  if (teamId && !ID_PATTERN.test(teamId)) errors.teamId = 'Enter a team ID (a whole number).';
  const from = form.from ? localDayBoundary(form.from, false) : undefined;
  const to = form.to ? localDayBoundary(form.to, true) : undefined;
  if (from === null) errors.from = 'Enter a valid date.';
  if (to === null) errors.to = 'Enter a valid date.';
  if (from && to && from > to) errors.to = 'The end date must not be before the start date.';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    filters: {
      action: form.action || undefined,
      actorId: actorId ? Number(actorId) : undefined,
      teamId: teamId ? Number(teamId) : undefined,
      from: from ?? undefined,
      to: to ?? undefined,
    },
  };
}

/** The event's time in the viewer's zone, with the zone named. */
export function auditTime(iso: string, locale?: string): string {
  return new Date(iso).toLocaleString(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
  });
}

/** A short 'key: value' line of an event's details for the table. */
export function detailsText(details: Record<string, unknown> | null): string {
  if (!details) return '';
  return Object.entries(details)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(', ');
}
