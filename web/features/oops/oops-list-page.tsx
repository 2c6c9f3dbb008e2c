import { useSearchParams } from 'react-router';
import { PagePlaceholder } from '../../components/page-placeholder';

export function OopsListPage() {
  const [params] = useSearchParams();
  const search = params.get('search')?.trim();
  return (
    <PagePlaceholder title="Oops Log">
      {search
        ? `Incidents matching “${search}” will be listed here.`
        : 'Your team’s incidents will be listed here.'}
    </PagePlaceholder>
  );
}
