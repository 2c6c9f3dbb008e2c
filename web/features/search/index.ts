// What other features use of search: the ranked search call (GET /api/search) and its highlighted text.
export { useSearch } from './api/search';
export { HighlightedText } from './highlighted-text';
