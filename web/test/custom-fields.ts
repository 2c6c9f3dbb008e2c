// A team's custom field as the API lists it (decision 026), for the web tests of the panel, the log form, the
// detail block and the list filter.
import type { CustomFieldView } from '../../common/contracts/custom-fields';

/** A text field whose key is made from its label, unless `overrides` say otherwise. */
export const buildCustomField = (
  id: number,
  label: string,
  overrides: Partial<CustomFieldView> = {},
): CustomFieldView => ({
  id,
  key: label.toLowerCase().replace(/\W+/g, '_'),
  label,
  type: 'text',
  options: [],
  required_for: [],
  position: id,
  archived: false,
  ...overrides,
});
