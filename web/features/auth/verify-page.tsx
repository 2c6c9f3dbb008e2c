import { PagePlaceholder } from '../../components/page-placeholder';

export function VerifyPage() {
  return (
    <PagePlaceholder title="Verify sign-in link">
      Signing in with a magic link is coming soon.
    </PagePlaceholder>
  );
}
