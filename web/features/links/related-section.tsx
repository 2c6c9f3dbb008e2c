// Related incidents (docs/product.md §3 related_incidents) and repeats on the detail page (decision 019): each link both ways,
// which direction a repeat goes, and "repeated despite action"; link (link-form.tsx) and unlink while the incident is
// open.
import { ActionIcon, Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { X } from 'lucide-react';
import { Link } from 'react-router';
import type { RelatedIncident } from '../../../common/contracts/links';
import { MESSAGES } from '../../../common/domain/messages';
import { OOPS_MESSAGES } from '../../../common/domain/oops-options';
import { RECURRENCE_TEXTS as T } from '../../../common/domain/recurrence-texts';
import { SeverityBadge } from '../../components/severity-badge';
import { toastError, toastSuccess } from '../../lib/toast';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { errorMessage } from '../../lib/transport';
import { useUnlinkOops } from './api/link-oops';
import { LinkForm } from './link-form';
import { useRelated } from './api/list-related';
import { formatDate } from '../../lib/format';
import { StatusBadge } from '../../components/status-badge';

export function RelatedSection({ oopsId, disabled }: { oopsId: number; disabled: boolean }) {
  const related = useRelated(oopsId);
  const unlink = useUnlinkOops(oopsId);

  if (related.isPending) return <Text role="status">{T.loading}</Text>;
  if (related.isError) {
    return (
      <LoadErrorAlert
        title={T.loadFailed}
        error={related.error}
        onRetry={() => void related.refetch()}
        retryLabel={T.tryAgain}
      />
    );
  }
  const remove = (item: RelatedIncident) =>
    unlink.mutate(item.id, {
      onSuccess: () => toastSuccess(T.unlinked),
      onError: (error) => toastError(errorMessage(error, MESSAGES.networkError)),
    });
  return (
    <Stack gap="sm">
      {related.data.related.length === 0 ? (
        <Text c="dimmed">{T.empty}</Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={T.sectionTitle}>
          {related.data.related.map((item) => (
            <RelatedRow
              key={item.id}
              item={item}
              disabled={disabled || unlink.isPending}
              onUnlink={() => remove(item)}
            />
          ))}
        </Stack>
      )}
      {disabled ? (
        <Text size="sm" c="dimmed">
          {T.closedHint}
        </Text>
      ) : (
        <LinkForm oopsId={oopsId} linked={related.data.related.map((r) => r.id)} />
      )}
    </Stack>
  );
}

function RelatedRow({
  item,
  disabled,
  onUnlink,
}: {
  item: RelatedIncident;
  disabled: boolean;
  onUnlink: () => void;
}) {
  return (
    <Group component="li" gap="xs" wrap="nowrap" justify="space-between" data-testid="related-incident">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <SeverityBadge severity={item.severity} />
          <Anchor component={Link} to={`/oops/${item.id_slug}`} size="sm" lineClamp={1}>
            {item.title}
          </Anchor>
        </Group>
        <Group gap={6}>
          <StatusBadge status={item.status} />
          <Text size="xs" c="dimmed">
            {formatDate(item.created_at)}
          </Text>
          {item.repeat === 'repeat_of' && (
            <Badge size="sm" variant="default">
              {T.repeatOfBadge}
            </Badge>
          )}
          {item.repeat === 'repeated_by' && (
            <Badge size="sm" variant="default">
              {T.repeatedByBadge}
            </Badge>
          )}
          {item.despite_action && (
            <Badge size="sm" color="red.9" variant="filled">
              {T.despiteAction}
            </Badge>
          )}
        </Group>
      </Stack>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={T.unlink(item.title)}
        disabled={disabled}
        title={disabled ? OOPS_MESSAGES.cannotEditClosed : undefined}
        onClick={onUnlink}
      >
        <X size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
