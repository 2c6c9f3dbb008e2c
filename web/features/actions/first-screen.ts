// What another page needs of follow-up actions before its first paint (decision 060): the incident page asks for
// an incident's actions with its first reads, before the actions section (and its code) is drawn.
export { actionsQueryOptions } from './api/list-actions';
