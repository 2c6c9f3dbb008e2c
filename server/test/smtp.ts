// A real SMTP peer for tests (smtp-server): the app sends through nodemailer over SMTP_URL, and tests read the
// messages it received.
import { SMTPServer } from 'smtp-server';
import { afterAll } from 'vitest';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The plain text with quoted-printable soft breaks and escapes decoded. */
  text: string;
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export async function startSmtp(options: { failWith?: string } = {}) {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (options.failWith) return callback(new Error(options.failWith));
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text: decodeQuotedPrintable(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** The last message sent to this address. */
    lastTo(address: string): ReceivedMail | undefined {
      return messages.filter((m) => m.to.includes(address)).at(-1);
    },
    /** The token in the last link sent to this address. */
    tokenFor(address: string, param = 'token'): string {
      const mail = this.lastTo(address);
      if (!mail) throw new Error(`no mail to ${address}`);
      const match = new RegExp(`[?&]${param}=([A-Za-z0-9_-]+)`).exec(mail.text);
      if (!match) throw new Error(`no ${param} link in mail to ${address}`);
      return match[1]!;
    },
  };
}
