import { PagePlaceholder } from '../../components/page-placeholder';

export function ExecutiveReportPage() {
  return (
    <PagePlaceholder title="Executive Report">
      A printable summary of incidents, trends and recommendations for a chosen period will appear here.
    </PagePlaceholder>
  );
}
