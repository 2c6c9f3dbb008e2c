import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { createApiTokenBody, type CreatedApiToken } from '../../../common/contracts/tokens';
import {
  API_TOKEN_EXPIRY_OPTIONS,
  API_TOKEN_LIMITS,
  API_TOKEN_SCOPES,
  API_TOKEN_SCOPE_LABELS,
  API_TOKEN_TEXTS,
  type ApiTokenScope,
} from '../../../common/domain/api-tokens';
import { fieldErrors } from '../../lib/form-failure';
import { toastError, toastSuccess } from '../../lib/toast';
import { useCreateApiToken } from './api/create-token';
import { FailureAlert } from '../../components/failure-alert';

type Field = 'name' | 'scopes' | 'expires_in_days';

const EXPIRY_OPTIONS = API_TOKEN_EXPIRY_OPTIONS.map((days) => ({
  value: days === null ? '' : String(days),
  label: days === null ? 'Never expires' : days === 365 ? '1 year' : `${days} days`,
}));

/** Name, scopes and expiry of a new token; hands the created token (with its secret) up once. */
export function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedApiToken) => void }) {
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiTokenScope[]>(['read']);
  const [expiry, setExpiry] = useState('90');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createApiTokenBody.safeParse({
      name,
      scopes,
      expires_in_days: expiry === '' ? null : Number(expiry),
    });
    if (!parsed.success) {
      const found = fieldErrors<Field>(parsed.error.issues);
      setErrors(found);
      document.getElementById(found.name ? 'token-name' : 'token-scope-read')?.focus();
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (created) => {
        setName('');
        toastSuccess(API_TOKEN_TEXTS.created);
        onCreated(created);
      },
      onError: () => toastError(API_TOKEN_TEXTS.createFailed),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Create an API token">
      <Stack gap="md">
        <Title order={2} size="h4">
          Create a token
        </Title>
        <FailureAlert title={API_TOKEN_TEXTS.createFailed} error={create.error} />
        <TextInput
          id="token-name"
          label="Token name"
          description="What uses it, e.g. “CI pipeline” or “Monitoring”."
          value={name}
          maxLength={API_TOKEN_LIMITS.nameMax}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          required
        />
        <Checkbox.Group
          label="Scopes"
          value={scopes}
          onChange={(value) => setScopes(value)}
          error={errors.scopes}
          required
        >
          <Stack gap="xs" mt="xs">
            {API_TOKEN_SCOPES.map((scope) => (
              <Checkbox
                key={scope}
                id={`token-scope-${scope}`}
                value={scope}
                label={API_TOKEN_SCOPE_LABELS[scope].label}
                description={API_TOKEN_SCOPE_LABELS[scope].description}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <NativeSelect
          id="token-expiry"
          label="Expires"
          data={EXPIRY_OPTIONS}
          value={expiry}
          onChange={(e) => setExpiry(e.currentTarget.value)}
          error={errors.expires_in_days}
        />
        <Text size="xs" c="dimmed">
          A token never does more than your role allows in your current team.
        </Text>
        <Group>
          <Button type="submit" loading={create.isPending}>
            Create token
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
