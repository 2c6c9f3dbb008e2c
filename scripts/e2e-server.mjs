#!/usr/bin/env node
// The server Playwright starts (playwright.config.ts webServer): the BUILT app on 127.0.0.1:4317 with a fresh,
// throw-away PGlite data directory, so every run starts from an empty database and leaves nothing behind.
// E-mail goes to a real SMTP peer in this process (smtp-server); every message received is appended as one JSON
// line ({ to, subject, text, receivedAt }) to the mailbox file that e2e/mailbox.ts reads.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const port = process.env.E2E_PORT ?? '4317';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oopsboard-e2e-'));
// Keep in step with e2e/mailbox.ts.
const mailbox = process.env.E2E_MAILBOX || path.join(os.tmpdir(), `oopsboard-e2e-mailbox-${port}.jsonl`);
fs.writeFileSync(mailbox, '');

let cleaned = false;
const cleanUp = () => {
  if (cleaned) return;
  cleaned = true;
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (!process.env.E2E_MAILBOX) fs.rmSync(mailbox, { force: true });
};

// ---- a minimal MIME reader: enough for what nodemailer sends (multipart/alternative, quoted-printable or base64).

function splitHeaders(raw) {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeQuotedPrintable(text) {
  const soft = text.replace(/=\r?\n/g, '');
  const bytes = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body, encoding = '') {
  const kind = encoding.toLowerCase();
  if (kind === 'quoted-printable') return decodeQuotedPrintable(body);
  if (kind === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) in headers such as Subject. */
function decodeHeader(value = '') {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset, kind, text) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/** The decoded text/plain part of a message (or its only body). */
function plainText(raw) {
  const { headers, body } = splitHeaders(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    const texts = parts.filter((p) => !p.startsWith('--')).map((p) => p.replace(/^\r?\n/, ''));
    for (const part of texts) {
      const inner = splitHeaders(part);
      const innerType = (inner.headers['content-type'] ?? 'text/plain').toLowerCase();
      if (innerType.startsWith('multipart/')) return plainText(part);
      if (innerType.startsWith('text/plain')) {
        return decodeBody(inner.body, inner.headers['content-transfer-encoding']);
      }
    }
    return '';
  }
  return decodeBody(body, headers['content-transfer-encoding']);
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const { headers } = splitHeaders(raw);
      const mail = {
        to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        subject: decodeHeader(headers.subject),
        text: plainText(raw),
        receivedAt: Date.now(),
      };
      fs.appendFileSync(mailbox, `${JSON.stringify(mail)}\n`);
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = smtp.server.address().port;

// Single sign-on: a real OpenID provider on the next port but 100 (e2e/sso.spec.ts); the app discovers it at the
// first sign-in with it, so neither waits for the other.
const oidcPort = String(Number(port) + 100);
const oidcProvider = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    'scripts/e2e-oidc-provider.ts',
    oidcPort,
    `http://127.0.0.1:${port}/api/auth/oidc/callback`,
  ],
  { stdio: 'inherit' },
);

const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: port,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // A build of its own (vite build --outDir …) when several E2E runs share the machine.
    // Resolved here because the static file plugin needs an absolute path (E2E_DIST_DIR=dist-x is the usual form).
    DIST_DIR: process.env.E2E_DIST_DIR ? path.resolve(process.env.E2E_DIST_DIR) : '',
    // One address is a super admin so the admin guard can be tested from both sides.
    SUPER_ADMIN_EMAILS: process.env.E2E_SUPER_ADMIN_EMAIL ?? 'e2e-super-admin@example.test',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    APP_URL: `http://127.0.0.1:${port}`,
    // Several E2E runs share the machine: the metrics listener on the next port but one, not on 9464 for all.
    METRICS_PORT: String(Number(port) + 1),
    // The webhook E2E test runs its receiver on loopback, which the SSRF guard refuses by default.
    WEBHOOK_ALLOW_PRIVATE: 'true',
    // A known key (e2e/fixtures.ts E2E_SECRETS_KEY), so a spec can make the links the server signs (unsubscribe).
    SECRETS_KEY: process.env.SECRETS_KEY || Buffer.alloc(32, 5).toString('base64'),
    OIDC_ISSUER: `http://127.0.0.1:${oidcPort}`,
    OIDC_CLIENT_ID: 'oopsboard-test',
    OIDC_CLIENT_SECRET: 'a-test-client-secret-that-is-long-enough',
    OIDC_PROVIDER_NAME: 'Acme ID',
  },
});

// Forward stop signals so the server can CHECKPOINT and close PGlite before the directory is removed.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (child.exitCode === null) child.kill(signal);
  });
}

child.on('exit', (code, signal) => {
  smtp.close(() => {});
  if (oidcProvider.exitCode === null) oidcProvider.kill('SIGTERM');
  cleanUp();
  process.exit(code ?? (signal ? 1 : 0));
});
process.on('exit', cleanUp);
