// Team → Weekly digest: the team's time zone, which decides when the digest goes out (Monday 09:00 local). Owners
// and admins change it; members see it.
import { useMemo, useState, type FormEvent } from 'react';
import { Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { timeZoneBody } from '../../../common/contracts/digest';
import { TIME_ZONE_TEXTS as T } from '../../../common/domain/digest-texts';
import { MANAGER_ROLES } from '../../../common/domain/options';
import { timeZoneOptions } from '../../../common/domain/time-zones';
import { FailureAlert } from '../../components/failure-alert';
import { toastError, toastSuccess } from '../../lib/toast';
import type { CurrentTeam } from './api/current-team';
import { useUpdateTimeZone } from './api/update-time-zone';

export function TimeZoneForm({ team }: { team: CurrentTeam }) {
  const update = useUpdateTimeZone();
  const canEdit = MANAGER_ROLES.includes(team.role);
  const [zone, setZone] = useState<string | null>(team.time_zone);
  const [error, setError] = useState<string | undefined>();
  // The saved zone stays selectable even if this browser's list lacks it.
  const options = useMemo(() => {
    const all = timeZoneOptions();
    return all.includes(team.time_zone) ? all : [team.time_zone, ...all];
  }, [team.time_zone]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = timeZoneBody.safeParse({ time_zone: zone ?? '' });
    if (!parsed.success) {
      setError(T.invalid);
      document.getElementById('team-time-zone')?.focus();
      return;
    }
    setError(undefined);
    update.mutate(parsed.data.time_zone, {
      onSuccess: () => toastSuccess(T.saved),
      onError: () => toastError(T.saveFailed),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="team-digest-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="team-digest-heading">
          {T.heading}
        </Title>
        {!canEdit && (
          <Text size="sm" c="dimmed">
            {T.managersOnly}
          </Text>
        )}
        <FailureAlert title={T.saveFailed} error={update.error} />
        <Select
          id="team-time-zone"
          label={T.label}
          description={T.description}
          placeholder={T.placeholder}
          data={options}
          value={zone}
          onChange={setZone}
          searchable
          limit={50}
          nothingFoundMessage={T.invalid}
          allowDeselect={false}
          error={error}
          readOnly={!canEdit}
          disabled={update.isPending}
        />
        {canEdit && (
          <Group justify="flex-end">
            <Button type="submit" disabled={update.isPending || zone === team.time_zone}>
              {update.isPending ? T.saving : T.save}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
