// Exports: a postmortem in Markdown for one incident, and the filtered list as CSV.
import type { Action } from '../../../common/contracts/actions';
import type { OopsDetail, OopsSummary } from '../../../common/contracts/oops';
import { OOPS_FIELD_LABELS as L } from '../../../common/domain/oops-fields';
import { displayTimeline } from '../../../common/domain/timeline';

/** Notes are stored as sanitised HTML; Markdown gets their text. */
const htmlToText = (html: string) =>
  html
    .replace(/<br>|<\/p>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();

/** A value as text: objects (none are expected) as JSON rather than "[object Object]". */
const asText = (v: unknown): string => {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return v.toString();
  return JSON.stringify(v) ?? '';
};

const orDash = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : asText(v));

export function postmortemMarkdown(o: OopsDetail, actions: Action[]): string {
  const timeline = displayTimeline(o, o.timeline_events);
  const lines = [
    `# Postmortem: ${o.title}`,
    '',
    `- **${L.status}:** ${o.status}`,
    `- **${L.severity}:** ${o.severity}`,
    `- **${L.oops_type}:** ${orDash(o.oops_type)}`,
    `- **${L.area_department}:** ${orDash(o.area_department)}`,
    `- **Logged:** ${o.created_at} by ${orDash(o.created_by)}`,
    `- **${L.occurred_at}:** ${orDash(o.occurred_at)}`,
    `- **Resolved:** ${orDash(o.resolved_at)}`,
    `- **${L.tags}:** ${o.tags.length ? o.tags.join(', ') : '—'}`,
    '',
    '## Summary',
    '',
    o.description,
    '',
    '## Impact',
    '',
    `- **${L.users_affected}:** ${orDash(o.users_affected)}`,
    `- **${L.systems_impacted}:** ${orDash(o.systems_impacted)}`,
    `- **${L.downtime_hours}:** ${o.downtime_hours}`,
    `- **${L.detection_method}:** ${orDash(o.detection_method)}`,
    `- **${L.impact}:** ${orDash(o.impact)}`,
    '',
    '## Timeline',
    '',
    ...(timeline.length
      ? timeline.map((e) => `- ${e.timestamp} — **${e.event}**${e.description ? `: ${e.description}` : ''}`)
      : ['No events recorded.']),
    '',
    `## ${L.root_cause}`,
    '',
    orDash(o.root_cause),
    '',
    '## Lessons learned',
    '',
    orDash(o.lesson_learned),
    '',
    '## Follow-up actions',
    '',
    ...(actions.length
      ? actions.map(
          (a) =>
            `- [${a.status === 'done' ? 'x' : ' '}] ${a.title} (owner: ${orDash(a.owner_name)}, due: ${orDash(a.due_date)})`,
        )
      : ['No follow-up actions.']),
    '',
    '## Notes',
    '',
    ...(o.notes.length
      ? o.notes.map((n) => `- ${n.added_at}, ${n.added_by}: ${htmlToText(n.note)}`)
      : ['No notes.']),
    '',
  ];
  return lines.join('\n');
}

const CSV_COLUMNS = [
  'id',
  'title',
  'kind',
  'status',
  'severity',
  'oops_type',
  'area_department',
  'created_at',
  'created_by',
  'downtime_hours',
  'users_affected',
  'systems_impacted',
  'detection_method',
  'completeness',
  'open_actions',
  'tags',
] as const satisfies readonly (keyof OopsSummary)[];

/** RFC 4180 quoting, plus a leading quote for cells that a spreadsheet would run as a formula. */
function csvCell(value: unknown): string {
  let text = Array.isArray(value)
    ? value.join(' ')
    : value === null || value === undefined
      ? ''
      : asText(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function oopsCsv(rows: OopsSummary[]): string {
  return (
    [CSV_COLUMNS.join(','), ...rows.map((r) => CSV_COLUMNS.map((c) => csvCell(r[c])).join(','))].join(
      '\r\n',
    ) + '\r\n'
  );
}
