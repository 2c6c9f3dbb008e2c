// Alert ingestion routes (docs/integrations.md "Alert ingestion"): monitoring systems post their webhook bodies here
// with an API token (ingest or write scope) or a member's session; the incidents land in the caller's current team.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../common/contracts/common';
import { alertmanagerPayload, grafanaPayload, ingestResponse } from '../../../common/contracts/ingest';
import { requireTeamActor } from '../../plugins/auth';
import { alertmanagerAlerts } from './alertmanager';
import { grafanaAlerts } from './grafana';
import { ingestAlerts } from './ingest-service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };
const tags = ['ingest'];

export async function ingestRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: Parameters<typeof requireTeamActor>[0]) => ({
    db: app.db,
    actor: requireTeamActor(request),
  });

  app.post(
    '/api/ingest/alertmanager',
    {
      // The team's department names are read through the team cache.
      config: { teamCache: {} },
      schema: {
        tags,
        summary: 'Receive a Prometheus Alertmanager webhook (version 4)',
        description:
          'A firing alert opens an incident (detection method Monitoring Alert, severity from its severity label) ' +
          'or, when the team has an open incident with its fingerprint, adds "Alert Fired Again" to its timeline; ' +
          'a resolved alert adds "Incident Resolved". Needs a token with the ingest or write scope, or a session.',
        body: alertmanagerPayload,
        response: { 200: ingestResponse, ...errors },
      },
    },
    async (request) => ingestAlerts(ctx(request), 'alertmanager', alertmanagerAlerts(request.body)),
  );

  app.post(
    '/api/ingest/grafana',
    {
      // The team's department names are read through the team cache.
      config: { teamCache: {} },
      schema: {
        tags,
        summary: 'Receive a Grafana alerting webhook contact point',
        description:
          'As /api/ingest/alertmanager, for the body of a Grafana webhook contact point; dashboard, panel and ' +
          'values go into the description.',
        body: grafanaPayload,
        response: { 200: ingestResponse, ...errors },
      },
    },
    async (request) => ingestAlerts(ctx(request), 'grafana', grafanaAlerts(request.body)),
  );
}
