// /oops: the incident feature's log with the saved-views feature's menu in its toolbar (features do not import each
// other; pages compose them here).
import { OopsListPage } from '../features/oops/oops-list-page';
import { SavedViewsMenu } from '../features/saved-views/saved-views-menu';

export function OopsLogRoute() {
  return <OopsListPage savedViews={(query) => <SavedViewsMenu currentQuery={query} />} />;
}
