// The weekly digest e-mail, rendered from its model (model.ts) in the style of server/lib/emails.ts: plain text and
// simple HTML, one link per thing, and the RFC 8058 headers. Sections appear only when they have something in them.
import { DIGEST_TEXTS as T } from '../../../common/domain/digest-texts';
import type { MailMessage } from '../../plugins/mail';
import type { DigestAction, DigestActionList, DigestModel } from './model';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface DigestLinks {
  appUrl: string;
  /** The web page that unsubscribes and confirms (/unsubscribe?token=…). */
  unsubscribePage: string;
  /** List-Unsubscribe and List-Unsubscribe-Post. */
  headers: Record<string, string>;
}

interface Section {
  heading: string;
  lines: { text: string; link?: string }[];
}

function actionLine(a: DigestAction, appUrl: string) {
  const parts = [a.title, a.mine ? T.yours : a.ownerName, a.dueDate ? T.due(a.dueDate) : null];
  return {
    text: `${parts.filter(Boolean).join(' · ')} (${a.incident.title})`,
    link: `${appUrl}/oops/${a.incident.idSlug}`,
  };
}

function actionSection(heading: string, list: DigestActionList, appUrl: string): Section[] {
  if (list.count === 0) return [];
  const lines: Section['lines'] = list.items.map((a) => actionLine(a, appUrl));
  if (list.count > list.items.length) lines.push({ text: T.andMore(list.count - list.items.length) });
  return [{ heading, lines }];
}

function lessonSection({ lessonsAdopted }: DigestModel, appUrl: string): Section[] {
  if (lessonsAdopted.count === 0) return [];
  const lines: Section['lines'] = lessonsAdopted.items.map((l) => ({
    text: l.whatChanged ? `${l.text} (${T.whatChanged(l.whatChanged)})` : l.text,
  }));
  if (lessonsAdopted.count > lessonsAdopted.items.length)
    lines.push({ text: T.andMore(lessonsAdopted.count - lessonsAdopted.items.length) });
  lines.push({ text: T.openLessons, link: `${appUrl}/lessons?state=adopted` });
  return [{ heading: T.lessonsHeading(lessonsAdopted.count), lines }];
}

function repeatSection({ repeats }: DigestModel, appUrl: string): Section[] {
  if (repeats.count === 0) return [];
  const lines: Section['lines'] = [];
  if (repeats.despiteAction > 0) lines.push({ text: T.repeatedDespiteAction(repeats.despiteAction) });
  for (const chain of repeats.chains) {
    const last = chain.incidents.at(-1);
    lines.push({
      text: chain.incidents.map((i) => i.title).join(' → '),
      link: last ? `${appUrl}/oops/${last.id_slug}` : undefined,
    });
  }
  return [{ heading: T.repeatsHeading(repeats.count), lines }];
}

function sections(model: DigestModel, appUrl: string): Section[] {
  const { streak, logged, actions } = model;
  const streakLines =
    streak.currentDays === null
      ? [{ text: T.noIncidentYet }]
      : [{ text: T.streakDays(streak.currentDays, streak.badge!) }, { text: T.bestStreak(streak.bestDays) }];
  const nothing = logged.incidents === 0 && logged.nearMisses === 0;
  return [
    { heading: T.streakHeading, lines: streakLines },
    {
      heading: T.loggedHeading,
      lines: [{ text: nothing ? T.nothingLogged : T.logged(logged.incidents, logged.nearMisses) }],
    },
    ...actionSection(T.completedHeading(actions.completed.count), actions.completed, appUrl),
    ...actionSection(T.overdueHeading(actions.overdue.count), actions.overdue, appUrl),
    ...lessonSection(model, appUrl),
    ...repeatSection(model, appUrl),
  ];
}

export function digestEmail(model: DigestModel, links: DigestLinks): MailMessage {
  const { appUrl, unsubscribePage, headers } = links;
  const team = model.team.name;
  const intro = T.greeting(model.recipient.name, team);
  const period = T.period(model.week.first, model.week.last);
  const body = sections(model, appUrl);
  const settings = `${appUrl}/profile?tab=notifications`;
  const text = [
    intro,
    period,
    '',
    ...body.flatMap((s) => [
      s.heading,
      ...s.lines.map((l) => `- ${l.text}${l.link ? `: ${l.link}` : ''}`),
      '',
    ]),
    `${T.openDashboard}: ${appUrl}/dashboard`,
    `${T.openActions}: ${appUrl}/actions`,
    '',
    T.whyYouGetThis(team),
    `${T.unsubscribe}: ${unsubscribePage}`,
    `${T.settings}: ${settings}`,
    '',
    '— OopsBoard',
  ].join('\n');
  const htmlSections = body
    .map(
      (s) =>
        `<h2 style="font-size:16px;margin:20px 0 6px">${escapeHtml(s.heading)}</h2><ul style="margin:0;padding-left:20px">${s.lines
          .map(
            (l) =>
              `<li>${l.link ? `<a href="${escapeHtml(l.link)}">${escapeHtml(l.text)}</a>` : escapeHtml(l.text)}</li>`,
          )
          .join('')}</ul>`,
    )
    .join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2933;line-height:1.5">
<h1 style="font-size:20px">OopsBoard</h1>
<p>${escapeHtml(intro)}<br><span style="font-size:13px">${escapeHtml(period)}</span></p>
${htmlSections}
<p style="margin-top:20px"><a href="${escapeHtml(`${appUrl}/dashboard`)}" style="display:inline-block;padding:10px 16px;background:#1c7ed6;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(T.openDashboard)}</a>
 <a href="${escapeHtml(`${appUrl}/actions`)}" style="margin-left:12px">${escapeHtml(T.openActions)}</a></p>
<p style="font-size:13px">${escapeHtml(T.whyYouGetThis(team))} <a href="${escapeHtml(unsubscribePage)}">${escapeHtml(T.unsubscribe)}</a> · <a href="${escapeHtml(settings)}">${escapeHtml(T.settings)}</a></p>
</body></html>`;
  return {
    to: model.recipient.email,
    subject: T.subject(team, model.week.last),
    text,
    html,
    headers,
  };
}
