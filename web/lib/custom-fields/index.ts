// The team's custom fields (decision 026) as the screens read them; the team feature's editor writes them and
// refreshes CUSTOM_FIELDS_KEY's prefix (decision 037: one module, this face).
export {
  CUSTOM_FIELDS_KEY,
  fetchTeamCustomFields,
  teamCustomFieldsQuery,
  useActiveCustomFields,
  useTeamCustomFields,
} from './team-fields';
