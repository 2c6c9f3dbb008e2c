// A team's custom fields (decision 026) as the features use them: the definitions, the values a body sends merged
// into the stored ones, and the "required for this type" rule (decision 037: one module, this face).
export {
  assertRequiredCustomFields,
  customFieldListQuery,
  customFieldView,
  incidentTypeIdOf,
  mergeCustomFieldValues,
  missingRequired,
  teamCustomFieldList,
  teamMemberIds,
  userNames,
} from './definitions';
