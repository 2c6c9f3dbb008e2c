// The wall display's section of Settings → Integrations (decision 050): owners and admins make a display URL for an
// office screen (the secret shown once, as the URL to open there), see the team's screens and revoke them.
import { useState, type FormEvent } from 'react';
import { Anchor, Button, Divider, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router';
import { createDisplayTokenBody, type CreatedDisplayToken } from '../../../common/contracts/wall';
import { WALL_LIMITS, WALL_TEXTS } from '../../../common/domain/wall';
import { FailureAlert } from '../../components/failure-alert';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { PageLoader } from '../../components/page-loader';
import { fieldErrors } from '../../lib/form-failure';
import { toastError, toastSuccess } from '../../lib/toast';
import { useCreateDisplayToken } from './api/create-display-token';
import { useDisplayTokens } from './api/list-display-tokens';
import { DisplayTokenList } from './display-token-list';
import { NewDisplayUrl } from './new-display-url';

function CreateDisplayTokenForm({ onCreated }: { onCreated: (token: CreatedDisplayToken) => void }) {
  const create = useCreateDisplayToken();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createDisplayTokenBody.safeParse({ name });
    if (!parsed.success) {
      setError(fieldErrors<'name'>(parsed.error.issues).name);
      document.getElementById('display-token-name')?.focus();
      return;
    }
    setError(undefined);
    create.mutate(parsed.data, {
      onSuccess: (created) => {
        setName('');
        toastSuccess(WALL_TEXTS.created);
        onCreated(created);
      },
      onError: () => toastError(WALL_TEXTS.createFailed),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Make a display URL">
      <Stack gap="sm">
        <FailureAlert title={WALL_TEXTS.createFailed} error={create.error} />
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            id="display-token-name"
            label={WALL_TEXTS.nameLabel}
            placeholder={WALL_TEXTS.namePlaceholder}
            value={name}
            maxLength={WALL_LIMITS.nameMax}
            onChange={(e) => setName(e.currentTarget.value)}
            error={error}
            required
            style={{ flex: '1 1 16rem' }}
          />
          <Button type="submit" loading={create.isPending}>
            {WALL_TEXTS.create}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Team settings: the wall display's screens. Rendered for owners and admins only. */
export function DisplayTokensPanel() {
  const tokens = useDisplayTokens();
  const [created, setCreated] = useState<CreatedDisplayToken | null>(null);
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'xl' }}
      radius="md"
      maw={760}
      component="section"
      aria-labelledby="wall-display-title"
    >
      <Stack gap="lg">
        <Title order={2} size="h4" id="wall-display-title">
          {WALL_TEXTS.sectionTitle}
        </Title>
        <Text size="sm">
          {WALL_TEXTS.intro}{' '}
          <Anchor component={Link} to="/wall">
            {WALL_TEXTS.openWall}
          </Anchor>
          .
        </Text>
        {created && <NewDisplayUrl token={created} onDismiss={() => setCreated(null)} />}
        <CreateDisplayTokenForm onCreated={setCreated} />
        <Divider />
        {tokens.isPending ? (
          <PageLoader label="Loading the display tokens" />
        ) : tokens.isError ? (
          <LoadErrorAlert
            title={WALL_TEXTS.loadFailed}
            error={tokens.error}
            onRetry={() => void tokens.refetch()}
            retryLabel="Try again"
          />
        ) : (
          <DisplayTokenList tokens={tokens.data} />
        )}
      </Stack>
    </Paper>
  );
}
