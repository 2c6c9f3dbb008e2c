// What another page needs of related incidents before its first paint (decision 060): the incident page shows the
// "repeated despite an action" badge by its title and asks for the related incidents with its first reads, before
// the related section (and its code) is drawn.
export { DespiteActionBadge } from './despite-action-badge';
export { relatedQueryOptions } from './api/list-related';
