// A team's incident types (decision 025) as the features use them: seeding, the selectable names, the write check
// (decision 037: one module, this face).
export {
  assertTypeAllowed,
  knownTypes,
  seedTeamTypes,
  selectableTypes,
  typeRowsQuery,
  type TypeRow,
} from './team-types';
