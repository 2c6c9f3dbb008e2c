import { PagePlaceholder } from '../../components/page-placeholder';

export function AdminTeamsPage() {
  return <PagePlaceholder title="Manage Teams">The list of teams will appear here.</PagePlaceholder>;
}
