// A team's incident types (decision 025): the six built-in templates until the team's list is first opened or
// edited, then the team's own rows. Shared by the team's editor (features/team) and the incident checks
// (features/oops), so both read the same list.
import { eq, sql, type SQL } from 'drizzle-orm';
import { INCIDENT_TYPES } from '../../../common/domain/oops-options';
import { INCIDENT_TEMPLATES, UNTEMPLATED_TYPES } from '../../../common/domain/templates';
import type { Db } from '../../db/client';
import { teamIncidentTypes } from '../../db/schema';
import { badRequest } from '../errors';

/** Copies the built-in templates into a team that has no rows yet; a racing copy of the same team does nothing. */
export async function seedTeamTypes(db: Db, teamId: number, actorId: number | null): Promise<void> {
  const [existing] = await db
    .select({ id: teamIncidentTypes.id })
    .from(teamIncidentTypes)
    .where(eq(teamIncidentTypes.teamId, teamId))
    .limit(1);
  if (existing) return;
  await db
    .insert(teamIncidentTypes)
    .values(
      INCIDENT_TEMPLATES.map((t, position) => ({
        teamId,
        name: t.name,
        icon: t.icon,
        severity: t.severity,
        areaDepartment: t.area_department,
        tags: t.tags,
        detectionMethods: t.detection_methods,
        commonImpacts: t.common_impacts,
        owners: t.owners,
        rootCauses: t.root_causes,
        lessonsLearned: t.lessons_learned,
        position,
        createdById: actorId,
        updatedById: actorId,
      })),
    )
    // The unique name index turns a concurrent first copy into a no-op.
    .onConflictDoNothing();
}

/** A team's type as the incident checks read it. */
export interface TypeRow {
  name: string;
  archived: boolean;
}

/** The team's types in the list's order (for `queryRows`, or as one read of a batch). */
export const typeRowsQuery = (teamId: number): SQL =>
  sql`select ${teamIncidentTypes.name} as name, ${teamIncidentTypes.archivedAt} is not null as archived
      from ${teamIncidentTypes} where ${teamIncidentTypes.teamId} = ${teamId}
      order by ${teamIncidentTypes.position}, ${teamIncidentTypes.id}`;

/**
 * The types a new or changed incident of the team may carry, in the order an error lists them: the team's active
 * types (or the built-ins), then the canonical types without a template (always valid, decision 025). A team that
 * edited nothing gets exactly decision 005's list.
 */
export function selectableTypes(rows: readonly TypeRow[]): string[] {
  if (rows.length === 0) return [...INCIDENT_TYPES];
  const active = rows.filter((r) => !r.archived).map((r) => r.name);
  const taken = new Set(rows.map((r) => r.name.toLowerCase()));
  return [...active, ...UNTEMPLATED_TYPES.filter((name) => !taken.has(name.toLowerCase()))];
}

/**
 * Checks an incident's type against the team's list, read only when a check needs it. An unchanged value always
 * passes: an archived type stays valid on the incidents that already carry it.
 */
export async function assertTypeAllowed(
  types: () => Promise<readonly TypeRow[]>,
  value: string | null | undefined,
  current?: string | null,
): Promise<void> {
  if (!value || value === current) return;
  const allowed = selectableTypes(await types());
  if (!allowed.includes(value)) {
    throw badRequest(`Incident Type must be one of: ${allowed.join(', ')}.`);
  }
}

/**
 * Every type name a team's past incidents may carry, archived ones included, by lower-cased name: what an import
 * of history accepts (decision 025), mapped to the team's spelling.
 */
export async function knownTypes(db: Db, teamId: number): Promise<Map<string, string>> {
  const rows = await db
    .select({ name: teamIncidentTypes.name })
    .from(teamIncidentTypes)
    .where(eq(teamIncidentTypes.teamId, teamId));
  const names = rows.length === 0 ? [...INCIDENT_TYPES] : [...UNTEMPLATED_TYPES, ...rows.map((r) => r.name)];
  return new Map(names.map((name) => [name.toLowerCase(), name]));
}
