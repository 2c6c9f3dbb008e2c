// What a scheduled e-mail job needs (follow-up action reminders, decision 018; the weekly digest, decision 021): one
// shape, built in one place for the app's job workers and for the tests that call the jobs with explicit times.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import type { Mailer } from './mailer';
import { createUnsubscribeLinks, type UnsubscribeLinks } from './unsubscribe-tokens';

export interface MailJobDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  /** Every such e-mail carries a one-click unsubscribe link (RFC 8058, decision 021). */
  links: UnsubscribeLinks;
  log: { warn(obj: object, msg: string): void };
}

export function mailJobDeps(
  app: FastifyInstance,
  config: { appUrl: string; secretsKey: string | undefined; dataDir: string },
): MailJobDeps {
  return {
    db: app.db,
    mailer: app.mailer,
    appUrl: config.appUrl,
    links: createUnsubscribeLinks(config),
    log: app.log,
  };
}
