import { PagePlaceholder } from '../../components/page-placeholder';

export function AdminAuditPage() {
  return <PagePlaceholder title="Audit Log">The platform audit log will appear here.</PagePlaceholder>;
}
