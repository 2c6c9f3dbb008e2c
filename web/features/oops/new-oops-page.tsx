import { PagePlaceholder } from '../../components/page-placeholder';

export function NewOopsPage() {
  return (
    <PagePlaceholder title="Log an Oops">
      The incident form, with templates by incident type, arrives here.
    </PagePlaceholder>
  );
}
