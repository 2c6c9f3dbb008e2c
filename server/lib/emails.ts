// The e-mails OopsBoard sends: HTML and plain text, with the product name, the link, its lifetime and an
// "ignore this if it wasn't you" line.
import type { MailMessage } from './mailer';

const PRODUCT = 'OopsBoard';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

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
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2933;line-height:1.5">
<h1 style="font-size:20px">${PRODUCT}</h1>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#1c7ed6;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="font-size:13px">Or paste this link into your browser: ${escapeHtml(link)}</p>
<p style="font-size:13px">This link expires in ${escapeHtml(lifetime)}. ${escapeHtml(ignore)}</p>
</body></html>`;
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
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2933;line-height:1.5">
<h1 style="font-size:20px">${PRODUCT}</h1>
<p>${escapeHtml(intro)}</p>
<p style="font-size:13px">Last error: ${escapeHtml(lastError)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#1c7ed6;color:#fff;border-radius:6px;text-decoration:none">Open Team settings</a></p>
</body></html>`;
  return { to, subject: `${PRODUCT}: a webhook of ${teamName} was paused`, text, html };
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
    settingsLink: string;
    /** The one-click unsubscribe page, and the RFC 8058 headers of the same token. */
    unsubscribeLink: string;
    headers: Record<string, string>;
  },
): MailMessage {
  const { name, title, dueDate, overdue, incidentTitle, incidentLink, doneLink, settingsLink } = details;
  const { unsubscribeLink, headers } = details;
  const when = overdue ? `was due on ${dueDate} and is still open` : `is due tomorrow (${dueDate})`;
  const intro = `Hi ${name}, the follow-up action "${title}" ${when}. It comes from the incident "${incidentTitle}".`;
  const text = [
    intro,
    '',
    `Done already? Mark it done: ${doneLink}`,
    `Open the incident: ${incidentLink}`,
    '',
    'The "mark done" link works once and expires in 14 days.',
    `Turn these reminders off in your profile: ${settingsLink}`,
    `Or unsubscribe from them in one click: ${unsubscribeLink}`,
    '',
    `— ${PRODUCT}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2933;line-height:1.5">
<h1 style="font-size:20px">${PRODUCT}</h1>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(doneLink)}" style="display:inline-block;padding:10px 16px;background:#1c7ed6;color:#fff;border-radius:6px;text-decoration:none">Mark done</a>
 <a href="${escapeHtml(incidentLink)}" style="margin-left:12px">Open the incident</a></p>
<p style="font-size:13px">The "mark done" link works once and expires in 14 days. <a href="${escapeHtml(settingsLink)}">Turn these reminders off</a> or <a href="${escapeHtml(unsubscribeLink)}">unsubscribe in one click</a>.</p>
</body></html>`;
  const subject = overdue ? `Overdue: ${title}` : `Due tomorrow: ${title}`;
  return { to, subject: `${PRODUCT}: ${subject}`, text, html, headers };
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
    settingsLink: string;
    unsubscribeLink: string;
    headers: Record<string, string>;
  },
): MailMessage {
  const { subject, intro, lines, reportLink, settingsLink, unsubscribeLink, headers } = details;
  const text = [
    intro,
    '',
    ...lines,
    '',
    `Open your report: ${reportLink}`,
    '',
    `Turn these e-mails off in your profile: ${settingsLink}`,
    `Or unsubscribe from them in one click: ${unsubscribeLink}`,
    '',
    `— ${PRODUCT}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2933;line-height:1.5">
<h1 style="font-size:20px">${PRODUCT}</h1>
<p>${escapeHtml(intro)}</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(reportLink)}" style="display:inline-block;padding:10px 16px;background:#1c7ed6;color:#fff;border-radius:6px;text-decoration:none">Open your report</a></p>
<p style="font-size:13px"><a href="${escapeHtml(settingsLink)}">Turn these e-mails off</a> or <a href="${escapeHtml(unsubscribeLink)}">unsubscribe in one click</a>.</p>
</body></html>`;
  return { to, subject: `${PRODUCT}: ${subject}`, text, html, headers };
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
    settingsLink: string;
    unsubscribeLink: string;
    headers: Record<string, string>;
  },
): MailMessage {
  const { name, title, check, verifyOn, incidentTitle, incidentLink, answerLink, settingsLink } = details;
  const { unsubscribeLink, headers } = details;
  const intro = `Hi ${name}, the follow-up action "${title}" from the incident "${incidentTitle}" was marked done, and ${verifyOn} is the day to check that the fix worked.`;
  const checkLine = check ? `How we said we would know: ${check}` : null;
  const text = [
    intro,
    ...(checkLine ? ['', checkLine] : []),
    '',
    `Did it hold? Answer in My Actions: ${answerLink}`,
    'Yes marks the fix verified; no reopens the action with your note.',
    `Open the incident: ${incidentLink}`,
    '',
    `Turn these e-mails off in your profile: ${settingsLink}`,
    `Or unsubscribe from them in one click: ${unsubscribeLink}`,
    '',
    `— ${PRODUCT}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2933;line-height:1.5">
<h1 style="font-size:20px">${PRODUCT}</h1>
<p>${escapeHtml(intro)}</p>
${checkLine ? `<p>${escapeHtml(checkLine)}</p>` : ''}
<p><a href="${escapeHtml(answerLink)}" style="display:inline-block;padding:10px 16px;background:#1c7ed6;color:#fff;border-radius:6px;text-decoration:none">Did it hold? Answer</a>
 <a href="${escapeHtml(incidentLink)}" style="margin-left:12px">Open the incident</a></p>
<p style="font-size:13px">Yes marks the fix verified; no reopens the action with your note. <a href="${escapeHtml(settingsLink)}">Turn these e-mails off</a> or <a href="${escapeHtml(unsubscribeLink)}">unsubscribe in one click</a>.</p>
</body></html>`;
  return { to, subject: `${PRODUCT}: Did it hold? ${title}`, text, html, headers };
}
