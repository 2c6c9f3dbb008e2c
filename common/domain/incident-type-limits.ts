// Limits of a team's incident types (decision 025): small enough for a tile and its suggestion chips.
export const INCIDENT_TYPE_LIMITS = {
  nameMax: 60,
  departmentMax: 100,
  listMax: 20,
  itemMax: 200,
  tagMax: 40,
  typesMax: 50,
} as const;
