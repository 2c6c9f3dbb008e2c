// Team → the team's on/off settings: owners and admins change them; members see whether each is on.
import { Stack, Switch, Text, Title } from '@mantine/core';
import { CONFIDENTIAL_TEXTS } from '../../../common/domain/confidential-texts';
import { METRICS_SHARING_TEXTS } from '../../../common/domain/metrics-texts';
import { MANAGER_ROLES } from '../../../common/domain/options';
import { FailureAlert } from '../../components/failure-alert';
import { toastError, toastSuccess } from '../../lib/toast';
import type { CurrentTeam } from './api/current-team';
import { useUpdateTeamSwitch, type TeamSwitchSetting } from './api/update-team-switch';

interface SwitchTexts {
  settingLabel: string;
  settingDescription: string;
  switchLabel: string;
  saved: string;
  saveFailed: string;
  managersOnly: string;
}

const TEXTS: Record<TeamSwitchSetting, SwitchTexts> = {
  confidential_near_misses: CONFIDENTIAL_TEXTS,
  share_metrics: METRICS_SHARING_TEXTS,
};

export function TeamSwitch({ team, setting }: { team: CurrentTeam; setting: TeamSwitchSetting }) {
  const update = useUpdateTeamSwitch(setting);
  const T = TEXTS[setting];
  const id = `team-${setting.replace(/_/g, '-')}`;
  const canEdit = MANAGER_ROLES.includes(team.role);
  const on = update.isPending ? Boolean(update.variables) : Boolean(team[setting]);
  return (
    <Stack gap="sm" component="section" aria-labelledby={`${id}-heading`}>
      <Title order={2} size="h4" id={`${id}-heading`}>
        {T.settingLabel}
      </Title>
      <FailureAlert title={T.saveFailed} error={update.error} />
      <Switch
        id={id}
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
