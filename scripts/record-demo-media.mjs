#!/usr/bin/env node
// Records the landing page's demo clip and poster from the running app (real footage of OopsBoard).
// Usage: start the built app with SUPER_ADMIN_EMAILS=demo-admin@example.test, then
//   node scripts/record-demo-media.mjs http://127.0.0.1:3000 public
// It seeds a demo team through the API, drives Chromium through the app while capturing the screen with the
// DevTools screencast (real frames with their timestamps), and encodes them with ffmpeg (Debian: apt-get install
// ffmpeg) as WebM (VP9) and MP4 (H.264, the fallback), plus a JPEG poster. No internet needed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(path.resolve(process.env.REPO ?? process.cwd()) + '/');
const { chromium } = require('@playwright/test');

const BASE = process.argv[2] ?? 'http://127.0.0.1:3000';
const OUT = process.argv[3] ?? 'public';
const W = 1280;
const H = 720;
// The clip is encoded smaller than it is captured: it plays in a 960 px frame on the landing page.
const VW = 960;
const VH = 540;
const PASSWORD = 'Demo!Passw0rd';

async function api(pathName, { method = 'GET', body, token } = {}) {
  const res = await fetch(BASE + pathName, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok && res.status !== 409) throw new Error(`${method} ${pathName}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

async function account(email, name, username, teamName) {
  await api('/api/auth/register', {
    method: 'POST',
    body: { email, password: PASSWORD, name, username, teamName, industry: 'Technology' },
  });
  return (await api('/api/auth/login', { method: 'POST', body: { email, password: PASSWORD } })).token;
}

const hoursAgo = (h) => new Date(Date.now() - h * 3_600_000).toISOString();

const INCIDENTS = [
  {
    title: 'Checkout API returned 502s after deploy',
    severity: 'Critical',
    area_department: 'Engineering',
    oops_type: 'Deployment Issue',
    occurred_at: hoursAgo(5),
    root_cause: 'Missing database migration in the release',
    lesson_learned: 'Run migrations before switching traffic',
    users_affected: '1000+ Users',
    detection_method: 'Monitoring Alert',
    close: true,
  },
  {
    title: 'Expired TLS certificate on the status page',
    severity: 'High',
    area_department: 'Operations',
    oops_type: 'Service Outage',
    occurred_at: hoursAgo(30),
    root_cause: 'Certificate renewal job was disabled',
    lesson_learned: 'Alert 14 days before certificates expire',
    close: true,
  },
  {
    title: 'Phishing e-mail reached the support inbox',
    severity: 'Medium',
    area_department: 'Security',
    oops_type: 'Security Incident',
    occurred_at: hoursAgo(50),
    detection_method: 'User Report',
  },
  {
    title: 'Search results slow during the morning peak',
    severity: 'Medium',
    area_department: 'Engineering',
    oops_type: 'Performance Issue',
    occurred_at: hoursAgo(75),
    root_cause: 'Missing index on the orders table',
    close: true,
  },
  {
    title: 'Wrong price shown in the spring campaign e-mail',
    severity: 'Low',
    area_department: 'Marketing',
    oops_type: 'Communication Issue',
    occurred_at: hoursAgo(100),
  },
  {
    title: 'Nightly export dropped rows with emoji',
    severity: 'High',
    area_department: 'Product',
    oops_type: 'Data Issue',
    occurred_at: hoursAgo(140),
    lesson_learned: 'Test exports with real-world text',
  },
  {
    title: 'Support macro sent the wrong refund policy',
    severity: 'Low',
    area_department: 'Support',
    oops_type: 'Communication Issue',
    occurred_at: hoursAgo(200),
    close: true,
  },
];

async function seed() {
  const lead = await account('demo-lead@example.test', 'Dana Rivera', 'danarivera', 'Platform Team');
  await account('demo-admin@example.test', 'Alex Admin', 'alexadmin', 'Admin Team');
  for (const [i, name] of ['Sam Lee', 'Priya Patel', 'Jordan Kim'].entries()) {
    await account(
      `demo-user${i}@example.test`,
      name,
      name.replace(' ', '').toLowerCase(),
      `${name.split(' ')[0]}'s Team`,
    );
  }
  const existing = await api('/api/oops?limit=1', { token: lead });
  if (existing.total === 0) {
    for (const { close, ...incident } of INCIDENTS) {
      const created = await api('/api/oops', {
        method: 'POST',
        token: lead,
        body: { ...incident, description: `${incident.title}. Logged for the OopsBoard demo.` },
      });
      if (close)
        await api(`/api/oops/${created.id}`, { method: 'PUT', token: lead, body: { status: 'Closed' } });
    }
  }
  return lead;
}

const pause = (ms) => new Promise((r) => setTimeout(r, ms));

async function smoothScroll(page, to, ms = 1400) {
  await page.evaluate(
    async ([target, duration]) => {
      const from = window.scrollY;
      const start = performance.now();
      await new Promise((resolve) => {
        const step = (now) => {
          const t = Math.min(1, (now - start) / duration);
          const e = t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
          window.scrollTo(0, from + (target - from) * e);
          if (t < 1) requestAnimationFrame(step);
          else resolve();
        };
        requestAnimationFrame(step);
      });
    },
    [to, ms],
  );
}

async function capture(browser) {
  const context = await browser.newContext({
    viewport: { width: W, height: H },
    colorScheme: 'light',
    baseURL: BASE,
  });
  // No internet: the avatar service is unreachable, so block it and let the letter fallback show.
  await context.route(
    (url) => url.origin !== new URL(BASE).origin,
    (route) => route.abort(),
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const frames = [];
  let poster;
  cdp.on('Page.screencastFrame', async ({ data, metadata, sessionId }) => {
    frames.push({ data, t: metadata.timestamp * 1000 });
    await cdp.send('Page.screencastFrameAck', { sessionId }).catch(() => {});
  });
  // Signed in before filming: the clip opens on the dashboard, like the poster.
  const { token } = await api('/api/auth/login', {
    method: 'POST',
    body: { email: 'demo-lead@example.test', password: PASSWORD },
  });
  await page.addInitScript((t) => sessionStorage.setItem('authToken', t), token);
  const list = await api('/api/oops?limit=10', { token });
  const detail = list.oops.find((o) => o.root_cause && o.lesson_learned) ?? list.oops[0];
  await page.goto('/dashboard');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await pause(2300);
  poster = await page.screenshot({ type: 'jpeg', quality: 72 });
  await cdp.send('Page.startScreencast', {
    format: 'jpeg',
    quality: 80,
    maxWidth: W,
    maxHeight: H,
    everyNthFrame: 1,
  });
  await pause(3000);
  await smoothScroll(page, 600);
  await pause(1800);
  await smoothScroll(page, 0, 900);
  // Client-side navigation, as a user clicks: no full-page reloads (and no loading spinners) in the clip.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Oops Log' }).click();
  await page.getByRole('heading', { level: 1, name: 'Oops Log' }).waitFor();
  await pause(2600);
  await smoothScroll(page, 500, 1200);
  await pause(1000);
  await page.getByText(detail.title, { exact: true }).first().click();
  await page.waitForURL(`**/oops/${detail.id_slug}`);
  await pause(2800);
  await smoothScroll(page, 700, 1600);
  await pause(1500);
  await smoothScroll(page, 0, 800);
  await page.getByRole('button', { name: 'User menu' }).click();
  await pause(700);
  await page.getByRole('menuitem', { name: 'Executive Report' }).click();
  await page.getByRole('heading', { name: 'Summary' }).waitFor();
  await pause(1800);
  await page.getByRole('combobox', { name: 'Report period' }).selectOption('90');
  await pause(1500);
  await smoothScroll(page, 900, 2000);
  await pause(1500);
  await smoothScroll(page, 2000, 1600);
  await pause(1800);
  await cdp.send('Page.stopScreencast');
  await context.close();
  return { frames, poster };
}

/** Writes the frames with their real durations (an ffconcat list) and encodes WebM (VP9) and MP4 (H.264). */
function encode(frames, out) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oopsboard-demo-'));
  const lines = ['ffconcat version 1.0'];
  frames.forEach((f, i) => {
    const name = `f${String(i).padStart(5, '0')}.jpg`;
    fs.writeFileSync(path.join(dir, name), Buffer.from(f.data, 'base64'));
    const next = frames[i + 1]?.t ?? f.t + 1000;
    lines.push(`file ${name}`, `duration ${((next - f.t) / 1000).toFixed(3)}`);
  });
  // The concat demuxer needs the last file repeated for its duration to count.
  lines.push(`file f${String(frames.length - 1).padStart(5, '0')}.jpg`);
  fs.writeFileSync(path.join(dir, 'list.ffconcat'), lines.join('\n'));
  const input = [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    path.join(dir, 'list.ffconcat'),
  ];
  const filter = ['-vf', `fps=24,scale=${VW}:${VH}:flags=lanczos,format=yuv420p`, '-an'];
  const run = (args) => execFileSync('ffmpeg', args, { stdio: 'inherit' });
  run([
    ...input,
    ...filter,
    '-c:v',
    'libvpx-vp9',
    '-crf',
    '36',
    '-b:v',
    '0',
    '-row-mt',
    '1',
    '-deadline',
    'good',
    '-cpu-used',
    '2',
    path.join(out, 'demo.webm'),
  ]);
  run([
    ...input,
    ...filter,
    '-c:v',
    'libx264',
    '-profile:v',
    'main',
    '-crf',
    '27',
    '-preset',
    'slow',
    '-movflags',
    '+faststart',
    path.join(out, 'demo.mp4'),
  ]);
  fs.rmSync(dir, { recursive: true, force: true });
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
});
try {
  await seed();
  const { frames, poster } = await capture(browser);
  console.log(
    `captured ${frames.length} frames over ${((frames.at(-1).t - frames[0].t) / 1000).toFixed(1)} s`,
  );
  fs.mkdirSync(OUT, { recursive: true });
  fs.writeFileSync(path.join(OUT, 'demo-poster.jpg'), poster);
  encode(frames, OUT);
  for (const f of ['demo-poster.jpg', 'demo.webm', 'demo.mp4']) {
    console.log(f, fs.statSync(path.join(OUT, f)).size, 'bytes');
  }
} finally {
  await browser.close();
}
