// What the field table (oops-fields.ts) says about each incident field.
export type OopsFieldKind =
  'text' | 'longText' | 'choice' | 'number' | 'rating' | 'boolean' | 'tags' | 'list' | 'datetime' | 'events';

export interface FieldOption<V extends string = string> {
  value: V;
  label: string;
}

export interface OopsFieldSpec {
  label: string;
  kind: OopsFieldKind;
  /**
   * A choice field's values; a text field's suggested values (offered as a select, other text still accepted);
   * 'departments': the team's departments, fetched from the server.
   */
  options?: readonly FieldOption[] | 'departments';
  /** Other spellings accepted on input and stored as the canonical value (docs/decisions/005). */
  aliases?: Readonly<Record<string, string>>;
  /** Longest text, most entries, or largest number. */
  max?: number;
  /** A number's unit, used in its messages. */
  unit?: string;
  /** Never empty: the log call must send it unless the server has a default, and no editor may clear it. */
  required: boolean;
  /** What the server stores when the log call leaves it out. */
  serverDefault?: string;
  /** Not accepted by the log call (set by later edits only). */
  notOnCreate?: true;
  /** The log screen's starting value (docs/product.md §9 form defaults). */
  formDefault?: string | number;
  /** Another API name of the same stored value (docs/product.md §3: description is also sent as what_happened). */
  sameAs?: string;
  /** Where the log screen asks for it; absent: it does not. */
  logForm?: 'main' | 'impact' | 'analysis';
  /** How the detail page edits it: click-to-edit, the follow-through batch panel, the timeline, or not at all. */
  editable: 'inline' | 'batch' | 'timeline' | false;
  /** The detail page section of a click-to-edit field. */
  section?: 'header' | 'overview' | 'what' | 'impact' | 'analysis';
  /** Completeness weight (docs/product.md §5); 0 does not count. */
  weight: number;
  /** Only in the detail answer, not in list rows. */
  detailOnly?: true;
  /**
   * The values are the team's own (its incident types, decision 025): the contract takes any short text and the
   * server checks it against the team's list; `options` are the built-in list of a team that edited nothing.
   */
  teamList?: true;
  /** Stored values are always one of the options (a database enum), so answers promise the list. */
  closedList?: true;
  /** A column of the CSV export. */
  csv?: true;
}
