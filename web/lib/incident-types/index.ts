// The team's incident types (decision 025) as the screens read them; the team feature's editor writes them and
// refreshes INCIDENT_TYPES_KEY's prefix (decision 037: one module, this face).
export { fetchTeamTypes, INCIDENT_TYPES_KEY, teamTypesQuery, useTeamTypes, type TeamTypes } from './team-types';
export { fetchTypeNames, useTypeNames } from './type-names';
