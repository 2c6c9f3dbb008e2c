import { PagePlaceholder } from '../../components/page-placeholder';

export function AcceptInvitationPage() {
  return (
    <PagePlaceholder title="Accept Invitation">
      Accepting a team invitation from this link is coming soon.
    </PagePlaceholder>
  );
}
