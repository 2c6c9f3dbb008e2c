// Settings › Integrations: where monitoring tools send alerts. The endpoints take an API token with the Ingest scope
// (made in the API tokens panel below it), so this card only explains the wiring.
import { Anchor, Code, List, Paper, Stack, Text, Title } from '@mantine/core';
import { API_TOKEN_SCOPE_LABELS } from '../../../common/domain/api-tokens';

const ENDPOINTS = [
  { tool: 'Prometheus Alertmanager', path: '/api/ingest/alertmanager' },
  { tool: 'Grafana alerting', path: '/api/ingest/grafana' },
];

export function AlertIngestionCard() {
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'xl' }}
      radius="md"
      component="section"
      aria-labelledby="ingest-title"
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id="ingest-title">
          Alert ingestion
        </Title>
        <Text size="sm">
          Firing alerts become incidents of this team. Point a webhook contact point at one of these addresses
          and send an API token with the {API_TOKEN_SCOPE_LABELS.ingest.label} scope as{' '}
          <Code>Authorization: Bearer …</Code>:
        </Text>
        <List size="sm" spacing={4}>
          {ENDPOINTS.map(({ tool, path }) => (
            <List.Item key={path}>
              {tool}: <Code style={{ wordBreak: 'break-all' }}>{`${window.location.origin}${path}`}</Code>
            </List.Item>
          ))}
        </List>
        <Text size="sm" c="dimmed">
          The{' '}
          <Anchor href="/api/docs" target="_blank" rel="noreferrer">
            API documentation
          </Anchor>{' '}
          describes both calls.
        </Text>
      </Stack>
    </Paper>
  );
}
