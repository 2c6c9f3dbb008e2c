import { PagePlaceholder } from '../../components/page-placeholder';

export function PasswordResetPage() {
  return (
    <PagePlaceholder title="Reset your password">
      Password reset by e-mail is coming soon. Until then, ask your team owner for help.
    </PagePlaceholder>
  );
}
