// The e-mails OopsBoard sends: HTML and plain text, with the product name, the link, its lifetime and an
// "ignore this if it wasn't you" line.
import type { MailMessage } from './mailer';

const PRODUCT = 'OopsBoard';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Every e-mail's HTML part opens and closes the same way, and its call to action is the same button. */
const HTML_HEAD = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2933;line-height:1.5">
<h1 style="font-size:20px">${PRODUCT}</h1>`;
const HTML_FOOT = '</body></html>';
const buttonHtml = (href: string, label: string) =>
  `<a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 16px;background:#1c7ed6;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a>`;

function compose(
  to: string,
  subject: string,
  intro: string,
  action: string,
  link: string,
  lifetime: string,
  ignore: string,
): MailMessage {
  const text = [
    `${intro}`,
    '',
    `${action}: ${link}`,
    '',
    `This link expires in ${lifetime}.`,
    ignore,
    '',
    `— ${PRODUCT}`,
  ].join('\n');
  const html = `${HTML_HEAD}
<p>${escapeHtml(intro)}</p>
<p>${buttonHtml(link, action)}</p>
<p style="font-size:13px">Or paste this link into your browser: ${escapeHtml(link)}</p>
<p style="font-size:13px">This link expires in ${escapeHtml(lifetime)}. ${escapeHtml(ignore)}</p>
${HTML_FOOT}`;
  return { to, subject, text, html };
}

export const magicLinkEmail = (to: string, link: string, minutes: number) =>
  compose(
    to,
    `Your ${PRODUCT} sign-in link`,
    `Use the link below to sign in to ${PRODUCT}.`,
    'Sign in',
    link,
    `${minutes} minutes`,
    "If you didn't ask to sign in, you can ignore this e-mail; nobody can sign in without this link.",
  );

export const passwordResetEmail = (to: string, link: string, minutes: number) =>
  compose(
    to,
    `Reset your ${PRODUCT} password`,
    `Someone asked to reset the password of your ${PRODUCT} account.`,
    'Choose a new password',
    link,
    `${minutes} minutes`,
    "If it wasn't you, ignore this e-mail; your password stays as it is.",
  );

export const invitationEmail = (to: string, link: string, teamName: string, inviter: string, days: number) =>
  compose(
    to,
    `You're invited to join ${teamName} on ${PRODUCT}`,
    `${inviter} invited you to join the team ${teamName} on ${PRODUCT}.`,
    'Accept the invitation',
    link,
    `${days} days`,
    "If you weren't expecting this invitation, you can ignore this e-mail.",
  );

/** To a webhook's creator when it was paused after failing again and again (only the URL's origin is shown). */
export function webhookPausedEmail(
  to: string,
  details: { teamName: string; endpoint: string; failures: number; lastError: string; link: string },
): MailMessage {
  const { teamName, endpoint, failures, lastError, link } = details;
  const intro = `The webhook to ${endpoint} of the team ${teamName} failed ${failures} times in a row, so ${PRODUCT} paused it. Events are not sent to it until it is resumed.`;
  const text = [
    intro,
    '',
    `Last error: ${lastError}`,
    '',
    `Check the receiver, then resume the webhook in Team settings: ${link}`,
    '',
    `— ${PRODUCT}`,
  ].join('\n');
  const html = `${HTML_HEAD}
<p>${escapeHtml(intro)}</p>
<p style="font-size:13px">Last error: ${escapeHtml(lastError)}</p>
<p>${buttonHtml(link, 'Open Team settings')}</p>
${HTML_FOOT}`;
  return { to, subject: `${PRODUCT}: a webhook of ${teamName} was paused`, text, html };
}

interface MailLink {
  /** The link's words in the HTML part (a button, or a plain link beside it). */
  label: string;
  /** The same in the text part, before the address. */
  text: string;
  href: string;
}

interface LinkedMail {
  subject: string;
  /** The first paragraph, then any further lines (an outcome, a note, the check to make). */
  intro: string;
  lines?: string[];
  /** What the reader is asked to do, and a second link beside it. */
  action: MailLink;
  secondary?: MailLink;
  /** A short remark before the opt-out links. */
  note?: string;
  /** What the opt-out links turn off ("reminders", "e-mails"), and where. */
  optOut: { what: string; settingsLink: string; unsubscribeLink: string };
  /** The RFC 8058 one-click unsubscribe headers of the same token. */
  headers: Record<string, string>;
}

/** The layout every e-mail with a call to action and opt-out links shares: text and HTML parts of the same words. */
function linkedEmail(to: string, mail: LinkedMail): MailMessage {
  const { intro, lines = [], action, secondary, note, optOut } = mail;
  const text = [
    intro,
    ...(lines.length > 0 ? ['', ...lines] : []),
    '',
    `${action.text}: ${action.href}`,
    ...(secondary ? [`${secondary.text}: ${secondary.href}`] : []),
    '',
    ...(note ? [note] : []),
    `Turn these ${optOut.what} off in your profile: ${optOut.settingsLink}`,
    `Or unsubscribe from them in one click: ${optOut.unsubscribeLink}`,
    '',
    `— ${PRODUCT}`,
  ].join('\n');
  const html = `${HTML_HEAD}
<p>${escapeHtml(intro)}</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p>${buttonHtml(action.href, action.label)}${
    secondary
      ? `\n <a href="${escapeHtml(secondary.href)}" style="margin-left:12px">${escapeHtml(secondary.label)}</a>`
      : ''
  }</p>
<p style="font-size:13px">${note ? `${escapeHtml(note)} ` : ''}<a href="${escapeHtml(optOut.settingsLink)}">Turn these ${optOut.what} off</a> or <a href="${escapeHtml(optOut.unsubscribeLink)}">unsubscribe in one click</a>.</p>
${HTML_FOOT}`;
  return { to, subject: `${PRODUCT}: ${mail.subject}`, text, html, headers: mail.headers };
}

interface OptOutLinks {
  settingsLink: string;
  /** The one-click unsubscribe page, and the RFC 8058 headers of the same token. */
  unsubscribeLink: string;
  headers: Record<string, string>;
}

/** A follow-up action's reminder (server/features/actions/action-reminders.ts): due tomorrow, or overdue. */
export function actionReminderEmail(
  to: string,
  details: {
    name: string;
    title: string;
    dueDate: string;
    overdue: boolean;
    incidentTitle: string;
    incidentLink: string;
    doneLink: string;
  } & OptOutLinks,
): MailMessage {
  const { name, title, dueDate, overdue, incidentTitle, incidentLink, doneLink } = details;
  const when = overdue ? `was due on ${dueDate} and is still open` : `is due tomorrow (${dueDate})`;
  return linkedEmail(to, {
    subject: overdue ? `Overdue: ${title}` : `Due tomorrow: ${title}`,
    intro: `Hi ${name}, the follow-up action "${title}" ${when}. It comes from the incident "${incidentTitle}".`,
    action: { label: 'Mark done', text: 'Done already? Mark it done', href: doneLink },
    secondary: { label: 'Open the incident', text: 'Open the incident', href: incidentLink },
    note: 'The "mark done" link works once and expires in 14 days.',
    optOut: { what: 'reminders', ...details },
    headers: details.headers,
  });
}

/**
 * Feedback on a report (decision 049): what its triage decided, or how its fix was verified. Sent to the reporter
 * alone; a confidential reporter gets the same words as anyone, and no other address is in any header.
 */
export function reportFeedbackEmail(
  to: string,
  details: {
    subject: string;
    intro: string;
    /** The outcome, the note and what happens next, one line each. */
    lines: string[];
    reportLink: string;
  } & OptOutLinks,
): MailMessage {
  return linkedEmail(to, {
    subject: details.subject,
    intro: details.intro,
    lines: details.lines,
    action: { label: 'Open your report', text: 'Open your report', href: details.reportLink },
    optOut: { what: 'e-mails', ...details },
    headers: details.headers,
  });
}

/** "Did it hold?" (decision 048): once, on the day to check a done follow-up action again, to its owner. */
export function verificationPromptEmail(
  to: string,
  details: {
    name: string;
    title: string;
    check: string | null;
    verifyOn: string;
    incidentTitle: string;
    incidentLink: string;
    answerLink: string;
  } & OptOutLinks,
): MailMessage {
  const { name, title, check, verifyOn, incidentTitle, incidentLink, answerLink } = details;
  return linkedEmail(to, {
    subject: `Did it hold? ${title}`,
    intro: `Hi ${name}, the follow-up action "${title}" from the incident "${incidentTitle}" was marked done, and ${verifyOn} is the day to check that the fix worked.`,
    lines: check ? [`How we said we would know: ${check}`] : [],
    action: { label: 'Did it hold? Answer', text: 'Did it hold? Answer in My Actions', href: answerLink },
    secondary: { label: 'Open the incident', text: 'Open the incident', href: incidentLink },
    note: 'Yes marks the fix verified; no reopens the action with your note.',
    optOut: { what: 'e-mails', ...details },
    headers: details.headers,
  });
}
