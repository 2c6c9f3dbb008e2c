// What sending e-mail takes, apart from how it is sent (server/plugins/mail.ts picks SMTP or the console): lib/ code
// that builds or sends messages depends on this, never on the plugin.

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058) on the digest and reminders. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
