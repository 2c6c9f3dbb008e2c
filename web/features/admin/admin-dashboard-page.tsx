import { PagePlaceholder } from '../../components/page-placeholder';

export function AdminDashboardPage() {
  return (
    <PagePlaceholder title="Admin Dashboard">
      Platform-wide counts of users, teams and incidents will appear here.
    </PagePlaceholder>
  );
}
