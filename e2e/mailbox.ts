// Reads the mail the app sent during an E2E run: scripts/e2e-server.mjs runs an SMTP peer and appends every
// message it receives, as one JSON line, to the mailbox file named below (the same rule on both sides).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  receivedAt: number;
}

export const MAILBOX_PATH =
  process.env.E2E_MAILBOX ||
  path.join(os.tmpdir(), `oopsboard-e2e-mailbox-${process.env.E2E_PORT ?? '4317'}.jsonl`);

function readMailbox(): ReceivedMail[] {
  let content: string;
  try {
    content = fs.readFileSync(MAILBOX_PATH, 'utf8');
  } catch {
    return [];
  }
  return content
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as ReceivedMail);
}

/**
 * The newest mail to `address` received at or after `since` (ms since epoch; capture Date.now() before the action
 * that sends it). Polls until `timeoutMs`, then fails naming what the mailbox held for that address.
 */
export async function waitForMail(
  address: string,
  { since = 0, subject, timeoutMs = 10_000 }: { since?: number; subject?: RegExp; timeoutMs?: number } = {},
): Promise<ReceivedMail> {
  const to = address.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = readMailbox()
      .filter((m) => m.to.includes(to) && m.receivedAt >= since && (!subject || subject.test(m.subject)))
      .at(-1);
    if (mail) return mail;
    if (Date.now() > deadline) {
      const seen = readMailbox()
        .filter((m) => m.to.includes(to))
        .map((m) => m.subject);
      throw new Error(`No mail to ${address} in ${MAILBOX_PATH} (seen for it: ${JSON.stringify(seen)})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The first link in the mail's text whose URL contains `fragment` (e.g. '/?token=', '/signup?invitation='). */
export function linkIn(mail: ReceivedMail, fragment: string): string {
  const link = mail.text.match(/https?:\/\/[^\s<>"]+/g)?.find((url) => url.includes(fragment));
  if (!link) throw new Error(`No link containing ${fragment} in mail "${mail.subject}":\n${mail.text}`);
  return link;
}
