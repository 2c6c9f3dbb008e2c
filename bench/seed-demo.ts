// `npm run seed:demo`: a demo team with a year of realistic incidents, so a new install shows a living dashboard.
// Uses the configured database (DATA_DIR or DATABASE_URL); with the embedded database, stop the app first.
// Signs in as demo@oopsboard.local / Demo!Pass1 (printed at the end). Running it again changes nothing.
import { eq } from 'drizzle-orm';
import { INCIDENT_TEMPLATES } from '../common/domain/templates';
import { slugify } from '../common/domain/tags';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { oops, oopsActions, oopsNotes, users } from '../server/db/schema';
import { completenessOf } from '../server/features/oops/fields';

export const DEMO_EMAIL = 'demo@oopsboard.local';
export const DEMO_PASSWORD = 'Demo!Pass1';

// A small deterministic generator, so every demo install looks the same.
function rng(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
}

const TITLES: Record<string, string[]> = {
  'Service Outage': [
    'Checkout API returned 502s',
    'Login service down after certificate expiry',
    'Search cluster lost quorum',
  ],
  'Security Incident': [
    'API key committed to a public repository',
    'Phishing e-mail reached the finance team',
    'Admin panel exposed without SSO',
  ],
  'Performance Issue': [
    'Dashboard took 12 s to load',
    'Nightly report job ran into business hours',
    'Image resizing saturated CPU',
  ],
  'Deployment Issue': [
    'Migration locked the orders table',
    'Feature flag default flipped in production',
    'Rollback left stale assets on the CDN',
  ],
  'Data Issue': [
    'Duplicate invoices after retry storm',
    'CSV import shifted columns',
    'Time zone bug in weekly totals',
  ],
  'Communication Issue': [
    'Maintenance window not announced',
    'Customer e-mail sent to the wrong segment',
    'Handover missed an open escalation',
  ],
};
const DEPARTMENTS = ['Engineering', 'Support', 'Operations', 'Security', 'Finance', 'Product'];
const SEVERITIES = ['Low', 'Medium', 'Medium', 'High', 'High', 'Critical'] as const;

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp({
    config: { ...config, logLevel: 'silent' },
    database,
    logger: false,
    distDir: '/nonexistent',
  });
  await app.ready();
  try {
    const [existing] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_EMAIL))
      .limit(1);
    if (existing) {
      console.log(`The demo team already exists. Sign in as ${DEMO_EMAIL} / ${DEMO_PASSWORD}.`);
      return;
    }
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: DEMO_EMAIL,
        password: DEMO_PASSWORD,
        name: 'Demo Lead',
        username: 'demolead',
        teamName: 'Demo Team',
        industry: 'Technology',
      },
    });
    if (res.statusCode !== 201) throw new Error(`could not create the demo user: ${res.body}`);
    const { id: userId, team } = res.json<{ user: { id: number; team: { id: number } } }>().user;
    const random = rng(42);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const now = Date.now();
    let count = 0;
    // About three a week, thinning out over the year as the team learns; the last one 4 days ago.
    for (let daysAgo = 365; daysAgo >= 4; daysAgo -= 1 + Math.floor(random() * (daysAgo > 180 ? 3 : 6))) {
      const template = pick(INCIDENT_TEMPLATES);
      const title = pick(TITLES[template.name]!);
      const createdAt = new Date(now - daysAgo * 86_400_000 - Math.floor(random() * 86_400_000));
      const occurredAt = new Date(createdAt.getTime() - Math.floor(random() * 3) * 3_600_000);
      const closed = daysAgo > 10 || random() < 0.3;
      const kind = random() < 0.15 ? 'near_miss' : random() < 0.05 ? 'learning_moment' : 'incident';
      const row = {
        teamId: team.id,
        slug: slugify(title),
        kind: kind as 'incident',
        title,
        description: `${title}. ${pick(template.common_impacts)} while the team investigated; detected by ${pick(template.detection_methods).toLowerCase()}.`,
        severity: pick(SEVERITIES),
        status: (closed ? 'Closed' : 'Open') as 'Closed',
        areaDepartment: random() < 0.6 ? template.area_department : pick(DEPARTMENTS),
        oopsType: template.name,
        downtimeHours: pick([0, 0, 0.5, 1, 2, 4]),
        usersAffected: pick(['1-10 Users', '1-100 Users', '1-1000 Users', 'Internal Users Only']),
        systemsImpacted: pick(['1 System', '2-3 Systems', '4-5 Systems']),
        detectionMethod: pick(template.detection_methods),
        rootCause: random() < 0.8 ? pick(template.root_causes) : null,
        lessonLearned: random() < 0.7 ? pick(template.lessons_learned) : null,
        preventability: 1 + Math.floor(random() * 5),
        tags: template.tags,
        occurredAt,
        createdById: userId,
        createdAt,
        updatedAt: createdAt,
        resolvedAt: closed
          ? new Date(createdAt.getTime() + (1 + Math.floor(random() * 20)) * 3_600_000)
          : null,
        resolvedBy: closed ? 'Demo Lead' : null,
      };
      const completeness = completenessOf(row);
      const [created] = await app.db
        .insert(oops)
        .values({ ...row, completeness, rootCauseIdentifiedAt: row.rootCause ? createdAt : null })
        .returning({ id: oops.id });
      if (random() < 0.3) {
        await app.db.insert(oopsNotes).values({
          oopsId: created!.id,
          note: '<p>Postmortem held; see the <b>lessons</b> section.</p>',
          addedById: userId,
          addedBy: 'Demo Lead',
          addedAt: createdAt,
        });
      }
      if (row.lessonLearned && random() < 0.5) {
        await app.db.insert(oopsActions).values({
          oopsId: created!.id,
          title: row.lessonLearned,
          ownerId: userId,
          createdById: userId,
          dueDate: new Date(createdAt.getTime() + 14 * 86_400_000).toISOString().slice(0, 10),
          status: closed ? 'done' : 'open',
        });
      }
      count++;
    }
    console.log(
      `Demo team created with ${count} records over the past year. Sign in as ${DEMO_EMAIL} / ${DEMO_PASSWORD}.`,
    );
  } finally {
    await app.close();
  }
}

await main();
