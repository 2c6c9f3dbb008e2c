// The import's template CSV: a header naming every field an import fills, and one example row that passes.
import { IMPORT_TARGETS, type ImportTarget } from '../../../common/contracts/import';
import { csvCell } from '../oops';

const EXAMPLE: Partial<Record<ImportTarget, string>> = {
  title: 'Checkout database ran out of connections',
  severity: 'High',
  status: 'Closed',
  kind: 'incident',
  description: 'Checkout failed for 40 minutes after a deploy doubled the connection pool of every worker.',
  oops_type: 'Deployment Issue',
  area_department: 'Engineering',
  users_affected: '1-1000 Users',
  systems_impacted: '1 System',
  downtime_hours: '0.7',
  detection_method: 'Monitoring Alert',
  owner_name: 'Platform team',
  product_system: 'Checkout',
  root_cause: 'Pool size was set per worker, not per host.',
  lesson_learned: 'Review connection limits in deploy checklists.',
  preventability: '4',
  stakeholders_notified: 'yes',
  postmortem_completed: 'no',
  tags: 'database deploy',
  occurred_at: '2026-03-14T09:30:00Z',
  created_at: '2026-03-14',
  resolved_at: '2026-03-14T10:10:00Z',
};

export function importTemplateCsv(): string {
  return `${IMPORT_TARGETS.join(',')}\r\n${IMPORT_TARGETS.map((t) => csvCell(EXAMPLE[t] ?? '')).join(',')}\r\n`;
}
