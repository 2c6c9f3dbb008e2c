import { PagePlaceholder } from '../../components/page-placeholder';

export function DashboardPage() {
  return (
    <PagePlaceholder title="Dashboard">
      The time since your last oops, department statistics and the incident timeline will appear here.
    </PagePlaceholder>
  );
}
