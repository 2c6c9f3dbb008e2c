import { PagePlaceholder } from '../../components/page-placeholder';

export function TeamPage() {
  return (
    <PagePlaceholder title="Team">Team management for owners and admins is coming soon.</PagePlaceholder>
  );
}
