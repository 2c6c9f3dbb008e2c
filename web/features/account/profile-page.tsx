import { PagePlaceholder } from '../../components/page-placeholder';

export function ProfilePage() {
  return (
    <PagePlaceholder title="Profile Settings">
      Your profile, password and team settings will be managed here.
    </PagePlaceholder>
  );
}
