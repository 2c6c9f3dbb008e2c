// Exports: a postmortem in Markdown for one incident, and the filtered list as CSV.
import type { Action } from '../../../common/contracts/actions';
import type { ListedField, OopsDetail, OopsSummary } from '../../../common/contracts/oops';
import { fieldLabel, fieldSpec, fieldsWhere } from '../../../common/domain/oops-fields';
import { displayTimeline } from '../../../common/domain/timeline';
import {
  customFieldValueOf,
  formatCustomFieldValue,
  type CustomFieldView,
} from '../../../common/contracts/custom-fields';
import { CUSTOM_FIELD_TEXTS } from '../../../common/domain/custom-field-texts';

/** The team's custom fields an export shows, and the names of the members their user fields hold. */
export interface ExportCustomFields {
  fields: readonly CustomFieldView[];
  userName: (id: number) => string | undefined;
}
const NO_CUSTOM_FIELDS: ExportCustomFields = { fields: [], userName: () => undefined };

const customText = (o: OopsSummary, field: CustomFieldView, custom: ExportCustomFields) =>
  formatCustomFieldValue(field, customFieldValueOf(o.custom_fields, field.key), custom.userName);

/** "Custom fields": '- **Label:** value' for each field the incident has a value of (archived fields too). */
function customFieldLines(o: OopsDetail, custom: ExportCustomFields): string[] {
  const set = custom.fields.filter((f) => customFieldValueOf(o.custom_fields, f.key) !== undefined);
  if (set.length === 0) return [];
  return [
    `## ${CUSTOM_FIELD_TEXTS.section}`,
    '',
    ...set.map((f) => `- **${f.label}:** ${customText(o, f, custom)}`),
    '',
  ];
}

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

/** '- **Label:** value' of a field, with the table's label. */
const fact = (o: OopsDetail, name: ListedField, value: unknown = o[name]) =>
  `- **${fieldLabel(name)}:** ${Array.isArray(value) ? value.join(', ') || '—' : orDash(value)}`;

export function postmortemMarkdown(
  o: OopsDetail,
  actions: Action[],
  custom: ExportCustomFields = NO_CUSTOM_FIELDS,
): string {
  const timeline = displayTimeline(o, o.timeline_events);
  const lines = [
    `# Postmortem: ${o.title}`,
    '',
    fact(o, 'status'),
    fact(o, 'severity'),
    fact(o, 'oops_type'),
    fact(o, 'area_department'),
    `- **Logged:** ${o.created_at} by ${orDash(o.created_by)}`,
    fact(o, 'occurred_at'),
    `- **Resolved:** ${orDash(o.resolved_at)}`,
    fact(o, 'tags'),
    '',
    '## Summary',
    '',
    o.description,
    '',
    '## Impact',
    '',
    ...(['users_affected', 'systems_impacted'] as const).map((name) => fact(o, name)),
    fact(o, 'downtime_hours', `${o.downtime_hours} ${fieldSpec('downtime_hours').unit}`),
    ...(['detection_method', 'impact'] as const).map((name) => fact(o, name)),
    '',
    ...customFieldLines(o, custom),
    '## Timeline',
    '',
    ...(timeline.length
      ? timeline.map((e) => `- ${e.timestamp} — **${e.event}**${e.description ? `: ${e.description}` : ''}`)
      : ['No events recorded.']),
    '',
    `## ${fieldLabel('root_cause')}`,
    '',
    orDash(o.root_cause),
    '',
    `## ${fieldLabel('lesson_learned')}`,
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

/** The table's CSV fields between the id and the bookkeeping columns. */
const CSV_COLUMNS = [
  'id',
  ...(fieldsWhere((spec) => spec.csv === true) as ListedField[]),
  'created_at',
  'created_by',
  'completeness',
  'open_actions',
] as const satisfies readonly (keyof OopsSummary)[];

/** RFC 4180 quoting, plus a leading quote for cells that a spreadsheet would run as a formula. */
export function csvCell(value: unknown): string {
  let text = Array.isArray(value)
    ? value.join(' ')
    : value === null || value === undefined
      ? ''
      : asText(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV: the built-in columns, then one column per active custom field (header: its label). */
export function oopsCsv(rows: OopsSummary[], custom: ExportCustomFields = NO_CUSTOM_FIELDS): string {
  const fields = custom.fields.filter((f) => !f.archived);
  const header = [...CSV_COLUMNS, ...fields.map((f) => f.label)].map(csvCell).join(',');
  const line = (r: OopsSummary) =>
    [...CSV_COLUMNS.map((c) => csvCell(r[c])), ...fields.map((f) => csvCell(customText(r, f, custom)))].join(
      ',',
    );
  return [header, ...rows.map(line)].join('\r\n') + '\r\n';
}
