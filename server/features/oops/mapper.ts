// Row → API shapes. One place decides how stored columns appear to clients (docs/product.md §3 names).
import { getTableColumns, sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  DETAIL_ONLY_FIELDS,
  LISTED_FIELDS,
  type DetailOnlyField,
  type ListedField,
  type Note,
  type OopsDetail,
  type OopsSummary,
} from '../../../common/contracts/oops';
import { COMPLETENESS_WEIGHTS, type CompletenessField } from '../../../common/domain/completeness';
import type { OopsFieldName } from '../../../common/domain/oops-fields';
import { idSlugOf } from '../../../common/domain/tags';
import type { oopsNotes } from '../../db/schema';
import { oops, teams, users } from '../../db/schema';
import { fieldValue } from './columns';
import { CONFIDENTIAL_REPORTER } from '../../../common/domain/confidential-texts';
import { actionToday } from '../../../common/domain/actions';
import { overdueWhere } from '../../lib/overdue-sql';
import { repeatedDespiteActionSql } from '../../lib/recurrence-sql';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * Every column but the search vectors: only the database searches it, and a list of 100 would carry 100 of them (a
 * write's RETURNING one).
 */
const { searchVector: _searchVector, notesSearch: _notesSearch, ...columns } = getTableColumns(oops);
export const rowColumns = columns;

/**
 * The incidents linked to the one whose id is `id` (an SQL expression), as related_incidents names them
 * ("<id>-<slug>", the slug as it is now), in the order the links were made: oops_links is their one store (decision
 * 044). Each direction is read through its own index.
 */
export const linkedIncidentsSql = (id: SQL) =>
  sql<string[]>`(select coalesce(json_agg(o.id || '-' || o.slug order by l.link), '[]'::json)
    from (select other_id as id, id as link from oops_links where oops_id = ${id}
          union all select oops_id, id from oops_links where other_id = ${id}) l
    join oops o on o.id = l.id)`;

/**
 * The related_incidents field (decision 044): the column's plain-text entries (those that name no incident of the
 * team), then the linked incidents in the order they were linked, as links were appended to the list before.
 */
export const relatedIncidentsOf = (plain: readonly string[], linked: readonly string[]): string[] => [
  ...plain,
  ...linked,
];

/**
 * Columns selected for lists and the detail page (with team name, author, linked incidents, open and overdue action
 * counts).
 */
export const summaryColumns = (today: string | Placeholder = actionToday()) => ({
  row: rowColumns,
  teamName: teams.name,
  createdByName: sql<string | null>`coalesce(${users.name}, ${users.email})`,
  // Written out with explicit table names: Drizzle leaves columns unqualified in single-table selects, which would
  // make a correlated subquery compare the inner table with itself.
  linkedIncidents: linkedIncidentsSql(sql`"oops"."id"`),
  openActions: sql<number>`(select count(*)::int from oops_actions a where a.oops_id = "oops"."id" and a.status = 'open')`,
  overdueActions: sql<number>`(select count(*)::int from oops_actions a where a.oops_id = "oops"."id" and ${overdueWhere(sql`a.status`, sql`a.due_date`, today)})`,
  repeatedDespiteAction: sql<boolean>`${repeatedDespiteActionSql(sql`"oops"."id"`)}`,
});

/** A stored incident as the app reads it: every column but the search vectors. */
export type OopsRow = Omit<typeof oops.$inferSelect, 'searchVector' | 'notesSearch'>;
/** A row as a write returns it (service.ts, `writtenColumns`): with who logged it and the team's name. */
export type WrittenOops = OopsRow & { loggedBy: string | null; teamName: string };
export interface SummaryRow {
  row: OopsRow;
  teamName: string;
  createdByName: string | null;
  /** The linked incidents' "<id>-<slug>" (linkedIncidentsSql). */
  linkedIncidents: string[];
  openActions: number;
  overdueActions: number;
  repeatedDespiteAction: boolean;
}

const fieldValues = (row: Partial<OopsRow>, names: readonly OopsFieldName[]) =>
  Object.fromEntries(names.map((name) => [name, fieldValue(row, name)]));

export function toSummary({
  row,
  teamName,
  createdByName,
  linkedIncidents,
  openActions,
  overdueActions,
  repeatedDespiteAction,
}: SummaryRow): OopsSummary {
  return {
    id: row.id,
    slug: row.slug,
    id_slug: idSlugOf(row),
    ...(fieldValues(row, LISTED_FIELDS) as Pick<OopsSummary, ListedField>),
    related_incidents: relatedIncidentsOf(row.relatedIncidents, linkedIncidents),
    team_id: row.teamId,
    team_name: teamName,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    // A confidential report names nobody; its created_by column is null anyway (decision 024).
    created_by: row.confidential ? CONFIDENTIAL_REPORTER : createdByName,
    created_by_id: row.confidential ? null : row.createdById,
    completeness: row.completeness,
    resolved_at: iso(row.resolvedAt),
    open_actions: Number(openActions),
    overdue_actions: Number(overdueActions),
    repeated_despite_action: Boolean(repeatedDespiteAction),
    confidential: row.confidential,
    custom_fields: row.customFields ?? {},
  };
}

export function toDetail(summary: SummaryRow, notes: Note[]): OopsDetail {
  const { row } = summary;
  return {
    ...toSummary(summary),
    ...(fieldValues(row, DETAIL_ONLY_FIELDS) as Pick<OopsDetail, DetailOnlyField>),
    resolved_at: iso(row.resolvedAt),
    resolved_by: row.resolvedBy,
    response_team_notified_at: iso(row.responseTeamNotifiedAt),
    stakeholders_notified_at: iso(row.stakeholdersNotifiedAt),
    root_cause_identified: row.rootCauseIdentifiedAt !== null,
    root_cause_identified_at: iso(row.rootCauseIdentifiedAt),
    root_cause_identified_by: row.rootCauseIdentifiedBy,
    mitigation_deployed_at: iso(row.mitigationDeployedAt),
    process_updated_at: iso(row.processUpdatedAt),
    process_updated_by: row.processUpdatedBy,
    postmortem_completed_at: iso(row.postmortemCompletedAt),
    notes,
  };
}

/**
 * The detail of an incident a write has just created, from the row its insert returned (with `loggedBy` and
 * `teamName`): nothing refers to it yet, so it has no notes, no actions and no links (a create that makes links
 * reads its answer instead).
 */
export function newDetail(row: WrittenOops): OopsDetail {
  const { loggedBy, teamName, ...stored } = row;
  return toDetail(
    {
      row: stored,
      teamName,
      createdByName: loggedBy,
      linkedIncidents: [],
      openActions: 0,
      overdueActions: 0,
      repeatedDespiteAction: false,
    },
    [],
  );
}

/** A detail after an edit: the row the update returned, with what the locked read found besides it. */
export function editedDetail(read: SummaryRow & { notes: Note[] }, row: OopsRow): OopsDetail {
  return toDetail({ ...read, row }, read.notes);
}

export function toNote(n: typeof oopsNotes.$inferSelect): Note {
  return { id: n.id, note: n.note, added_by: n.addedBy, added_at: n.addedAt.toISOString() };
}

/** The fields the completeness rule reads, in API names. */
export function completenessInput(row: Partial<OopsRow>) {
  return fieldValues(row, Object.keys(COMPLETENESS_WEIGHTS) as CompletenessField[]);
}
