// Related incidents, repeats and similar incidents as the incident pages show them (decision 037).
export { DespiteActionBadge } from './despite-action-badge';
export { RelatedSection } from './related-section';
export { relatedQueryOptions } from './api/list-related';
export { SIMILAR_DEBOUNCE_MS, SimilarIncidents, type RepeatChoice } from './similar-incidents';
