import { PagePlaceholder } from '../../components/page-placeholder';

export function TermsPage() {
  return (
    <PagePlaceholder title="Terms of Service">
      OopsBoard is a platform to track, analyze and learn from mistakes. The full terms will be published
      here.
    </PagePlaceholder>
  );
}
