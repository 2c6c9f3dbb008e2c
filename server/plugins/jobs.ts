// app.jobs: the durable job engine (server/lib/jobs.ts), started with the app and stopped before the database closes.
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { startJobs, type Jobs } from '../lib/jobs';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

export const jobsPlugin = fp<{ config: Config }>(async (app, { config }) => {
  const jobs = await startJobs(app.database, {
    superviseSeconds: config.jobsSuperviseSeconds,
    scheduling: config.actionRemindersCron !== null || config.digestCron !== null,
    log: app.log,
  });
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => jobs.stop());
});
