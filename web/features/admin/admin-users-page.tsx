import { PagePlaceholder } from '../../components/page-placeholder';

export function AdminUsersPage() {
  return (
    <PagePlaceholder title="Manage Users">
      The user list, with enable and disable, will appear here.
    </PagePlaceholder>
  );
}
