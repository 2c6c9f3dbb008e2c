import { PagePlaceholder } from '../../components/page-placeholder';

export function OopsDetailPage() {
  return (
    <PagePlaceholder title="Incident details">
      The incident’s fields, timeline and notes will be shown and edited here.
    </PagePlaceholder>
  );
}
