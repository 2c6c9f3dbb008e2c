// The navigation parts only a signed-in user sees, loaded together as one lazy chunk by the navigation bar, so that
// signed-out visitors (landing, sign-in) never load them (decision 029).
export { NavSearch } from './nav-search';
export { PresentationToggle } from './presentation-toggle';
export { UserMenu } from './user-menu';
export { SearchButton, SearchShortcuts } from '../../features/search/search-shortcuts';
