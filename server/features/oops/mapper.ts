// Row → API shapes. One place decides how stored columns appear to clients (spec §3 names).
import { sql } from 'drizzle-orm';
import type { Note, OopsDetail, OopsSummary } from '../../../common/contracts/oops';
import { idSlugOf } from '../../../common/domain/tags';
import type { oopsNotes } from '../../db/schema';
import { oops, teams, users } from '../../db/schema';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Columns selected for lists and the detail page (with team name, author and open-action count). */
export const summaryColumns = {
  row: oops,
  teamName: teams.name,
  createdByName: sql<string | null>`coalesce(${users.name}, ${users.email})`,
  // Written out with explicit table names: Drizzle leaves columns unqualified in single-table selects, which would
  // make a correlated subquery compare the inner table with itself.
  openActions: sql<number>`(select count(*)::int from oops_actions a where a.oops_id = "oops"."id" and a.status = 'open')`,
};

export type OopsRow = typeof oops.$inferSelect;
export interface SummaryRow {
  row: OopsRow;
  teamName: string;
  createdByName: string | null;
  openActions: number;
}

export function toSummary({ row, teamName, createdByName, openActions }: SummaryRow): OopsSummary {
  return {
    id: row.id,
    slug: row.slug,
    id_slug: idSlugOf(row),
    kind: row.kind,
    title: row.title,
    description: row.description,
    what_happened: row.description,
    severity: row.severity,
    status: row.status,
    area_department: row.areaDepartment,
    department: row.department,
    oops_type: row.oopsType,
    product_system: row.productSystem,
    impact: row.impact,
    downtime_hours: row.downtimeHours,
    users_affected: row.usersAffected,
    systems_impacted: row.systemsImpacted,
    detection_method: row.detectionMethod,
    owner_name: row.ownerName,
    root_cause: row.rootCause,
    lesson_learned: row.lessonLearned,
    preventability: row.preventability,
    learning_value: row.learningValue,
    process_clarity: row.processClarity,
    tags: row.tags,
    related_incidents: row.relatedIncidents,
    team_id: row.teamId,
    team_name: teamName,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    created_by: createdByName,
    created_by_id: row.createdById,
    occurred_at: iso(row.occurredAt),
    completeness: row.completeness,
    open_actions: Number(openActions),
  };
}

export function toDetail(summary: SummaryRow, notes: Note[]): OopsDetail {
  const { row } = summary;
  return {
    ...toSummary(summary),
    resolved_at: iso(row.resolvedAt),
    resolved_by: row.resolvedBy,
    response_team: row.responseTeam,
    response_team_notified_at: iso(row.responseTeamNotifiedAt),
    stakeholders_notified: row.stakeholdersNotified,
    stakeholders_notified_at: iso(row.stakeholdersNotifiedAt),
    root_cause_identified: row.rootCauseIdentifiedAt !== null,
    root_cause_identified_at: iso(row.rootCauseIdentifiedAt),
    root_cause_identified_by: row.rootCauseIdentifiedBy,
    mitigation_steps: row.mitigationSteps,
    mitigation_deployed_at: iso(row.mitigationDeployedAt),
    process_updated: row.processUpdated,
    process_updated_at: iso(row.processUpdatedAt),
    process_updated_by: row.processUpdatedBy,
    postmortem_completed: row.postmortemCompleted,
    postmortem_completed_at: iso(row.postmortemCompletedAt),
    timeline_events: row.timelineEvents,
    notes,
  };
}

export function toNote(n: typeof oopsNotes.$inferSelect): Note {
  return { id: n.id, note: n.note, added_by: n.addedBy, added_at: n.addedAt.toISOString() };
}

/** The fields the completeness rule reads, in API names. */
export function completenessInput(row: Partial<OopsRow>) {
  return {
    title: row.title,
    what_happened: row.description,
    severity: row.severity,
    oops_type: row.oopsType,
    users_affected: row.usersAffected,
    detection_method: row.detectionMethod,
    impact: row.impact,
    root_cause: row.rootCause,
    lesson_learned: row.lessonLearned,
    area_department: row.areaDepartment,
    preventability: row.preventability,
    learning_value: row.learningValue,
    process_clarity: row.processClarity,
    related_incidents: row.relatedIncidents,
    tags: row.tags,
  };
}
