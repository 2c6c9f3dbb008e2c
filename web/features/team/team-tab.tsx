import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import { updateTeamBody } from '../../../common/contracts/team';
import { ACCOUNT_TEXTS } from '../../../common/domain/account-texts';
import { INDUSTRIES, LIMITS } from '../../../common/domain/options';
import { PageLoader } from '../../components/page-loader';
import { toastError, toastSuccess } from '../../lib/toast';
import { useCurrentTeam, type CurrentTeam } from './api/current-team';
import { useUpdateTeam } from './api/update-team';
import { TimeZoneForm } from './time-zone-form';
import { TeamSwitch } from './team-switch';
import { failureReason, fieldErrors } from '../../lib/form-failure';
import { FailureAlert } from '../../components/failure-alert';

const INDUSTRY_OPTIONS = [
  { value: '', label: 'Select an industry' },
  ...INDUSTRIES.map((i) => ({ value: i, label: i })),
];

/** Team tab (docs/product.md §2, §6): Team Name, Industry, read-only Your Role; only owners edit and save. */
export function TeamTab() {
  const team = useCurrentTeam();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md" maw={640}>
      {team.isPending ? (
        <PageLoader label="Loading team info" />
      ) : team.isError ? (
        <Stack gap="sm" align="flex-start">
          <Alert color="red" variant="outline" role="alert" title={ACCOUNT_TEXTS.teamLoadFailed} w="100%">
            {failureReason(team.error)}
          </Alert>
          <Button variant="light" onClick={() => void team.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : (
        <Stack gap="xl">
          <TeamForm key={team.data.id} team={team.data} />
          <TimeZoneForm key={`${team.data.id}-${team.data.time_zone}`} team={team.data} />
          <TeamSwitch team={team.data} setting="confidential_near_misses" />
          <TeamSwitch team={team.data} setting="share_metrics" />
        </Stack>
      )}
    </Paper>
  );
}

type Field = 'name' | 'industry';

function TeamForm({ team }: { team: CurrentTeam }) {
  const update = useUpdateTeam();
  const canEdit = team.role === 'owner';
  const [name, setName] = useState(team.name);
  const [industry, setIndustry] = useState(team.industry ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateTeamBody.safeParse({ name, industry });
    if (!parsed.success) {
      const found = fieldErrors<Field>(parsed.error.issues);
      setErrors(found);
      document.getElementById(found.name ? 'team-name' : 'team-industry')?.focus();
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: () => toastSuccess(ACCOUNT_TEXTS.teamUpdated),
      onError: () => toastError(ACCOUNT_TEXTS.teamUpdateFailed),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Team">
      <Stack gap="md">
        {!canEdit && (
          <Text size="sm" c="dimmed">
            Only the team owner can change the team name and industry.
          </Text>
        )}
        <FailureAlert title={ACCOUNT_TEXTS.teamUpdateFailed} error={update.error} />
        <TextInput
          id="team-name"
          label="Team Name"
          required={canEdit}
          maxLength={LIMITS.teamNameMax}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.name}
          readOnly={!canEdit}
          disabled={update.isPending}
        />
        <NativeSelect
          id="team-industry"
          label="Industry"
          required={canEdit}
          data={INDUSTRY_OPTIONS}
          value={industry}
          onChange={(event) => setIndustry(event.currentTarget.value)}
          error={errors.industry}
          // A native select has no read-only state; disabled is how it says "not yours to change".
          disabled={!canEdit || update.isPending}
        />
        <TextInput id="team-role" label="Your Role" value={team.role} readOnly />
        {canEdit && (
          <Group justify="flex-end">
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
