import { useMemo, useState } from 'react';
import { Container, Skeleton, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ADMIN_PAGE_SIZE, ADMIN_SEARCH_DEBOUNCE_MS, ADMIN_TEXTS } from '../../../common/domain/admin-texts';
import { usePageTitle } from '../../lib/use-page-title';
import { AdminLoadError } from './admin-load-error';
import { AdminPageHeader } from './admin-page-header';
import { AdminPager } from './admin-pager';
import { useAuditEvents } from './api/get-audit-events';
import { AuditFilterFormFields } from './audit-filter-form';
import { auditFiltersToParams, EMPTY_AUDIT_FILTERS, type AuditFilterForm } from './audit-filters';
import { AuditTable } from './audit-table';
import { SuperAdminOnly } from './super-admin-only';

const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

function AdminAudit() {
  const [form, setForm] = useState<AuditFilterForm>(EMPTY_AUDIT_FILTERS);
  const [page, setPage] = useState(1);
  // Typing an id should not fire a request per digit.
  const [debouncedForm] = useDebouncedValue(form, ADMIN_SEARCH_DEBOUNCE_MS);
  const parsed = useMemo(() => auditFiltersToParams(debouncedForm), [debouncedForm]);
  // Invalid filters keep the last valid ones in force, with the errors shown under their fields.
  const [applied, setApplied] = useState(parsed.ok ? parsed.filters : {});
  const [appliedFrom, setAppliedFrom] = useState(debouncedForm);
  if (appliedFrom !== debouncedForm) {
    setAppliedFrom(debouncedForm);
    if (parsed.ok) {
      setApplied(parsed.filters);
      setPage(1);
    }
  }
  const events = useAuditEvents({ ...applied, limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE });

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <AdminPageHeader
          title="Audit Log"
          description="Security events across the platform: sign-ins, tokens, passwords, roles, invitations and admin actions."
        />
        <AuditFilterFormFields
          value={form}
          errors={parsed.ok ? {} : parsed.errors}
          onChange={setForm}
          onClear={() => setForm(EMPTY_AUDIT_FILTERS)}
        />
        <Text size="sm" c="dimmed">
          Times are shown in your time zone ({timeZone}).
        </Text>
        {events.isError && (
          <AdminLoadError
            title={ADMIN_TEXTS.auditFailed}
            error={events.error}
            onRetry={() => void events.refetch()}
          />
        )}
        {events.isPending && <Skeleton height={300} role="status" aria-label="Loading audit events" />}
        {events.data && (
          <>
            {events.data.events.length > 0 && <AuditTable events={events.data.events} />}
            <AdminPager
              noun="events"
              page={page}
              pageSize={ADMIN_PAGE_SIZE}
              matched={events.data.matched}
              onChange={setPage}
            />
          </>
        )}
      </Stack>
    </Container>
  );
}

/** The audit log: paged security events with filters by action, actor, team and date range. */
export function AdminAuditPage() {
  usePageTitle('Audit Log');
  return (
    <SuperAdminOnly>
      <AdminAudit />
    </SuperAdminOnly>
  );
}
