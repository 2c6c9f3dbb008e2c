// Team → Confidential near-miss reports (decision 024): owners and admins turn it on; members see whether it is on.
import { Stack, Switch, Text, Title } from '@mantine/core';
import { CONFIDENTIAL_TEXTS as T } from '../../../common/domain/confidential-texts';
import { MANAGER_ROLES } from '../../../common/domain/options';
import { FailureAlert } from '../../components/failure-alert';
import { toastError, toastSuccess } from '../../lib/toast';
import type { CurrentTeam } from './api/current-team';
import { useUpdateConfidential } from './api/update-confidential';

export function ConfidentialSwitch({ team }: { team: CurrentTeam }) {
  const update = useUpdateConfidential();
  const canEdit = MANAGER_ROLES.includes(team.role);
  const on = update.isPending ? Boolean(update.variables) : Boolean(team.confidential_near_misses);
  return (
    <Stack gap="sm" component="section" aria-labelledby="team-confidential-heading">
      <Title order={2} size="h4" id="team-confidential-heading">
        {T.settingLabel}
      </Title>
      <FailureAlert title={T.saveFailed} error={update.error} />
      <Switch
        id="team-confidential"
        label={T.switchLabel}
        description={T.settingDescription}
        checked={on}
        disabled={!canEdit || update.isPending}
        onChange={(event) =>
          update.mutate(event.currentTarget.checked, {
            onSuccess: () => toastSuccess(T.saved),
            onError: () => toastError(T.saveFailed),
          })
        }
      />
      {!canEdit && (
        <Text size="sm" c="dimmed">
          {T.managersOnly}
        </Text>
      )}
    </Stack>
  );
}
