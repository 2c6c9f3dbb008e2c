// The previous release for the upgrade test (server/db/upgrade.test.ts, decision 039). The project has no release
// tags, so "the previous release" is fixed here: the migrations up to PREVIOUS_RELEASE (0020, before idempotency
// keys, remembered devices and team-bound API tokens), and rows written with that era's SQL only (its columns, its
// trigger functions keeping the statistics rollups). Move PREVIOUS_RELEASE forward when a release is cut.
import fs from 'node:fs';
import path from 'node:path';

export const PREVIOUS_RELEASE = 20;

/** Copies the migrations folder into `into` with the journal cut after PREVIOUS_RELEASE; answers `into`. */
export function previousReleaseMigrations(folder: string, into: string): string {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const entries = journal.entries.filter((e) => e.idx <= PREVIOUS_RELEASE);
  fs.mkdirSync(path.join(into, 'meta'), { recursive: true });
  fs.writeFileSync(path.join(into, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const { tag } of entries)
    fs.copyFileSync(path.join(folder, `${tag}.sql`), path.join(into, `${tag}.sql`));
  return into;
}

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * Two teams, an owner and a member, incidents of every kind over four days (some closed, one edited, one deleted),
 * notes, actions and a link between old-4 and old-0 (listed in both incidents' related_incidents, beside plain text):
 * what an installation of that release holds, written as that release wrote it.
 */
export function previousReleaseRows(email: string, passwordHash: string): string {
  const incidents = Array.from({ length: 12 }, (_, i) => {
    const kind = ['incident', 'near_miss', 'learning_moment'][i % 3];
    const severity = ['Low', 'Medium', 'High', 'Critical'][i % 4];
    const department = ['Engineering', 'Support', null][i % 3];
    const closed = i % 4 === 1;
    const occurred = `now() - interval '${i % 4} days' - interval '${i} hours'`;
    return `((select id from teams where name = 'Upgrade A'), 'old-${i}', '${kind}', 'Old incident ${i}',
      'Written by the previous release.', '${severity}', '${closed ? 'Closed' : 'Open'}',
      ${department ? quote(department) : 'null'}, ${(i * 7) % 100}, ${occurred}, ${occurred},
      ${closed ? `${occurred} + interval '3 hours'` : 'null'}, (select id from users where email = ${quote(email)}))`;
  });
  return `
insert into users (email, name, username, password_hash) values
  (${quote(email)}, 'Old Owner', ${quote(`owner_${email.split('@')[0]}`)}, ${quote(passwordHash)}),
  (${quote(`member.${email}`)}, 'Old Member', null, null);
insert into teams (name, industry, owner_id) values
  ('Upgrade A', 'Other', (select id from users where email = ${quote(email)})),
  ('Upgrade B', 'Retail', (select id from users where email = ${quote(email)}));
insert into memberships (user_id, team_id, role)
  select u.id, t.id, case when u.email = ${quote(email)} then 'owner' else 'member' end::team_role
  from users u, teams t where u.email in (${quote(email)}, ${quote(`member.${email}`)}) and t.name like 'Upgrade %';
update users set current_team_id = (select id from teams where name = 'Upgrade A')
  where email in (${quote(email)}, ${quote(`member.${email}`)});
insert into oops (team_id, slug, kind, title, description, severity, status, department, completeness, occurred_at,
  created_at, resolved_at, created_by) values ${incidents.join(',\n')};
insert into oops (team_id, slug, title, description, severity, department, occurred_at)
  values ((select id from teams where name = 'Upgrade B'), 'other-team', 'Other team', 'B', 'High', 'Support', now());
insert into oops_notes (oops_id, note, added_by_id, added_by)
  select id, 'Note on ' || title, created_by, 'Old Owner' from oops where slug in ('old-0', 'old-5');
insert into oops_actions (oops_id, title, owner_id, due_date, status)
  select id, 'Fix ' || title, created_by, current_date + 7, case when slug = 'old-1' then 'done' else 'open' end::action_status
  from oops where slug in ('old-1', 'old-2');
update oops set status = 'Closed', resolved_at = occurred_at + interval '1 hour', severity = 'High'
  where slug = 'old-2';
insert into oops_links (team_id, oops_id, other_id, created_by)
  select a.team_id, a.id, b.id, a.created_by from oops a, oops b where a.slug = 'old-4' and b.slug = 'old-0';
update oops set related_incidents = array[(select id || '-old-0' from oops where slug = 'old-0'), 'the 2019 outage']
  where slug = 'old-4';
update oops set related_incidents = array[(select id || '-old-4' from oops where slug = 'old-4')]
  where slug = 'old-0';
delete from oops where slug = 'old-3';
`;
}
