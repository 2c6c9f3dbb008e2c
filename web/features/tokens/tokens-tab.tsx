import { useState } from 'react';
import { Alert, Anchor, Button, Divider, Paper, Stack, Text, Title } from '@mantine/core';
import type { CreatedApiToken } from '../../../common/contracts/tokens';
import { API_TOKEN_TEXTS } from '../../../common/domain/api-tokens';
import { PageLoader } from '../../components/page-loader';
import { failureReason } from '../../lib/form-failure';
import { useApiTokens } from './api/list-tokens';
import { CreateTokenForm } from './create-token-form';
import { NewTokenNotice } from './new-token-notice';
import { TokenList } from './token-list';

/** The API tokens tab of /profile: create (the secret shown once), list and revoke personal access tokens. */
export function TokensTab() {
  const tokens = useApiTokens();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md" maw={760}>
      <Stack gap="lg">
        <Text size="sm">
          {API_TOKEN_TEXTS.intro} Send one as <code>Authorization: Bearer oops_pat_…</code>; see the{' '}
          <Anchor href="/api/docs" target="_blank" rel="noreferrer">
            API documentation
          </Anchor>
          .
        </Text>
        {created && <NewTokenNotice token={created} onDismiss={() => setCreated(null)} />}
        <CreateTokenForm onCreated={setCreated} />
        <Divider />
        <Title order={2} size="h4">
          Your tokens
        </Title>
        {tokens.isPending ? (
          <PageLoader label="Loading your API tokens" />
        ) : tokens.isError ? (
          <Stack gap="sm" align="flex-start">
            <Alert color="red" variant="outline" role="alert" title={API_TOKEN_TEXTS.loadFailed} w="100%">
              {failureReason(tokens.error)}
            </Alert>
            <Button variant="light" onClick={() => void tokens.refetch()}>
              Try again
            </Button>
          </Stack>
        ) : (
          <TokenList tokens={tokens.data} />
        )}
      </Stack>
    </Paper>
  );
}
