import { PagePlaceholder } from '../../components/page-placeholder';

export function PrivacyPage() {
  return (
    <PagePlaceholder title="Privacy Policy">
      How OopsBoard handles the data you log will be described here.
    </PagePlaceholder>
  );
}
