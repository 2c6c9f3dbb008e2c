// E-mail: nodemailer over SMTP_URL, or, without it, a console transport that prints each message and its link,
// so that `npm start` alone can complete every flow. Sending never happens inside a database transaction.
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';
import type { Mailer } from '../lib/mailer';

// (Defined in lib/, which never imports plugins/; named here too for the code that already imports them from here.)
export type { MailMessage, Mailer } from '../lib/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

function consoleMailer(): Mailer {
  return {
    async send(message) {
      // The plain-text body carries the link; printing it is how a local install delivers mail.
      console.log(
        `\n──── e-mail to ${message.to}: ${message.subject} ────\n${message.text}\n────────────────────────────\n`,
      );
    },
  };
}

/** Sends over SMTP (exported for tests that need a second transport, e.g. to a peer that refuses mail). */
export function smtpMailer(url: string, from: string): Mailer & { close(): void } {
  const transport: Transporter = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}

export const mailPlugin = fp<{ config: Config; mailer?: Mailer }>(async (app, { config, mailer }) => {
  if (mailer) {
    app.decorate('mailer', mailer);
    return;
  }
  if (config.smtpUrl) {
    const smtp = smtpMailer(config.smtpUrl, config.mailFrom);
    app.decorate('mailer', smtp);
    app.addHook('onClose', async () => smtp.close());
  } else {
    app.decorate('mailer', consoleMailer());
  }
});
