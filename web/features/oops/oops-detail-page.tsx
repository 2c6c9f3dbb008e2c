// Incident detail (docs/product.md, the incident page and its timeline): a sticky header with the next step,
// click-to-edit fields, the timeline, follow-through, tags, actions and notes; read-only once closed, with 'Reopen for
// Edits' for owners and admins.
import { lazy, Suspense, useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import type { OopsDetail } from '../../../common/contracts/oops';
import { MESSAGES } from '../../../common/domain/messages';
import { fieldLabel } from '../../../common/domain/oops-fields';
import { MANAGER_ROLES } from '../../../common/domain/options';
import { OOPS_MESSAGES } from '../../../common/domain/oops-options';
import { OOPS_TEXTS } from '../../../common/domain/oops-texts';
import { parseIdSlug } from '../../../common/domain/tags';
import { PageLoader } from '../../components/page-loader';
import { readToken } from '../../lib/session/token-storage';
import { useSession } from '../../lib/session/use-session';
import { toastError, toastSuccess } from '../../lib/toast';
import { ApiError, errorMessage } from '../../lib/transport';
import { useAfterFirstScreen } from '../../lib/use-after-first-screen';
import { usePageTitle } from '../../lib/use-page-title';
import { oopsDetailQueryOptions, useOopsDetail } from './api/get-oops-detail';
import type { ReadAhead } from '../../lib/api/read-ahead';
import { teamCustomFieldsQuery, useTeamCustomFields } from '../../lib/custom-fields';
import { departmentsQueryOptions, useDepartments } from '../../lib/api/departments';
import { teamTypesQuery } from '../../lib/incident-types';
import { useUpdateOops } from './api/update-oops';
import { CompletenessBar } from './completeness-bar';
import { actionsQueryOptions } from '../actions/first-screen';
import { DetailBanner, DetailMeta, DetailToolbar } from './detail-header';
import { ResolutionPanel } from './resolve-button';
import { IncidentHeader } from './incident-header';
import { NotSignedInWarning, OopsErrorView, OopsNotFoundView } from './detail-views';
import { EditableField } from './editable-field';
import { inlineFieldsIn, type InlineFieldName } from './field-config';
import { DespiteActionBadge, relatedQueryOptions } from '../links/first-screen';
import { Section } from './incident-section';
import { useFieldSaver, type BatchValues } from './use-field-saver';

// What is below the first screen, with its code, comes after the first paint.
const IncidentRest = lazy(async () => ({ default: (await import('./incident-rest')).IncidentRest }));

/**
 * Asks for what the view reads besides the incident together with the incident, not once the view has mounted: each
 * answer arriving after the mount renders the whole view again, a long task on a phone.
 */
function readAroundIncident(queryClient: QueryClient, id: number) {
  return Promise.all([
    queryClient.prefetchQuery(departmentsQueryOptions()),
    queryClient.prefetchQuery(teamCustomFieldsQuery()),
    queryClient.prefetchQuery(teamTypesQuery()),
    queryClient.prefetchQuery(actionsQueryOptions(id)),
    queryClient.prefetchQuery(relatedQueryOptions(id)),
  ]);
}

/** The page's reads as the app starts on it (its route's read-ahead, web/app/read-ahead.ts). */
export const readIncidentAhead: ReadAhead = (queryClient, { idSlug = '' }) => {
  const id = parseIdSlug(idSlug);
  if (id === null) return Promise.resolve();
  return Promise.all([
    queryClient.prefetchQuery(oopsDetailQueryOptions(id)),
    readAroundIncident(queryClient, id),
  ]);
};

function useReadsAhead(id: number | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (id !== null) void readAroundIncident(queryClient, id);
  }, [queryClient, id]);
}

export function OopsDetailPage() {
  const { idSlug = '' } = useParams();
  const id = parseIdSlug(idSlug);
  const detail = useOopsDetail(id);
  useReadsAhead(id);
  usePageTitle(detail.data?.title ?? 'Incident details');

  if (id === null) return <OopsNotFoundView />;
  if (detail.isPending) return <PageLoader label={OOPS_TEXTS.loading} />;
  if (detail.isError) {
    if (detail.error instanceof ApiError && detail.error.status === 404) return <OopsNotFoundView />;
    return (
      <OopsErrorView
        message={errorMessage(detail.error, MESSAGES.networkError)}
        onRetry={() => void detail.refetch()}
      />
    );
  }
  return <OopsDetailView detail={detail.data} />;
}

function OopsDetailView({ detail }: { detail: OopsDetail }) {
  const { user } = useSession();
  const departments = useDepartments();
  const update = useUpdateOops(detail.id);
  const titleRef = useRef<HTMLDivElement>(null);
  const latest = useRef(detail);
  latest.current = detail;
  const current = useCallback(() => latest.current as unknown as BatchValues, []);
  const { saveField, saveCustomField, queue, waiting } = useFieldSaver(detail.id, current);
  const customFields = useTeamCustomFields();
  // The sections from Impact down are below the first screen, even on a wide one.
  const afterFirstScreen = useAfterFirstScreen();

  const signedIn = Boolean(user && readToken());
  const closed = detail.status === 'Closed';
  const canReopen = Boolean(user?.role && MANAGER_ROLES.includes(user.role));

  const reopen = async () => {
    try {
      await update({ status: 'Open' });
      toastSuccess(OOPS_MESSAGES.reopened);
    } catch (error) {
      toastError(OOPS_TEXTS.reopenFailed(errorMessage(error, MESSAGES.networkError)));
    }
  };

  const field = (name: InlineFieldName, showLabel = true, wrapDisplay?: (node: ReactNode) => ReactNode) => (
    <EditableField
      wrapDisplay={wrapDisplay}
      key={name}
      detail={detail}
      name={name}
      disabled={closed}
      departments={departments}
      saveField={saveField}
      showLabel={showLabel}
    />
  );

  return (
    <Container size="lg" py="xl" data-print-root>
      <Stack gap="md">
        <DetailToolbar detail={detail} />
        <Stack gap={4} ref={titleRef}>
          <Text size="xs" c="dimmed" fw={600}>
            {fieldLabel('title')}
          </Text>
          {field('title', false, (display) => (
            <Title order={1} size="h2">
              {display}
            </Title>
          ))}
          {detail.repeated_despite_action && <DespiteActionBadge explained />}
          <DetailMeta detail={detail} />
        </Stack>
        <IncidentHeader detail={detail} update={update} titleRef={titleRef} />
        {!signedIn && <NotSignedInWarning />}
        <DetailBanner closed={closed} canReopen={canReopen} onReopen={reopen} userId={user?.id ?? null} />
        <ResolutionPanel detail={detail} update={update} />
        <CompletenessBar percent={detail.completeness} />

        <Section title="Overview" id="overview-heading">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
            {inlineFieldsIn('overview').map((name) => field(name))}
          </SimpleGrid>
        </Section>

        <Section title={fieldLabel('what_happened')} id="what-heading">
          {inlineFieldsIn('what').map((name) => field(name, false))}
        </Section>

        {afterFirstScreen && (
          <Suspense fallback={<PageLoader label={OOPS_TEXTS.loadingRest} />}>
            <IncidentRest
              detail={detail}
              field={field}
              closed={closed}
              waiting={waiting}
              queue={queue}
              update={update}
              customFields={customFields}
              saveCustomField={saveCustomField}
            />
          </Suspense>
        )}
      </Stack>
    </Container>
  );
}
