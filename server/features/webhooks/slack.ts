// Slack deliveries: a Block Kit message for an incoming-webhook URL, with a plain `text` fallback for notifications.
import type { OopsSnapshot } from '../../../common/contracts/domain-events';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_TEST_EVENT } from '../../../common/domain/webhooks';
import type { WebhookEnvelope } from './envelope';

type TextObject = { type: 'mrkdwn' | 'plain_text'; text: string };
export type SlackBlock =
  | { type: 'header'; text: TextObject }
  | { type: 'section'; text?: TextObject; fields?: TextObject[] }
  | { type: 'context'; elements: TextObject[] };
export interface SlackMessage {
  text: string;
  blocks: SlackBlock[];
}

/** Slack's mrkdwn needs &, < and > escaped (https://api.slack.com/reference/surfaces/formatting#escaping). */
export const escapeMrkdwn = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const mrkdwn = (text: string): TextObject => ({ type: 'mrkdwn', text });
const field = (label: string, value: string | null | undefined): TextObject =>
  mrkdwn(`*${label}*\n${escapeMrkdwn(value || '—')}`);
/** Section texts are limited to 3000 characters by Slack. */
const clip = (s: string, max = 2900) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

interface Data {
  actor?: { name: string } | null;
  oops?: OopsSnapshot;
  action?: { description: string };
  note?: { text: string };
  member?: { name: string; role: string | null };
  team?: { name: string };
}

/** The message for one delivery; the incident title links to `${appUrl}/oops/${id_slug}`. */
export function slackMessage(envelope: WebhookEnvelope, appUrl: string): SlackMessage {
  const label = WEBHOOK_EVENT_LABELS[envelope.type] ?? envelope.type;
  const data = (envelope.data ?? {}) as Data;
  const by = data.actor?.name ? ` by ${data.actor.name}` : '';
  const blocks: SlackBlock[] = [];
  let text: string;

  if (envelope.type === WEBHOOK_TEST_EVENT) {
    text = 'Test message from OopsBoard: this Slack webhook is connected.';
    blocks.push({ type: 'section', text: mrkdwn(escapeMrkdwn(text)) });
  } else if (data.oops) {
    const { oops } = data;
    const link = `${appUrl}/oops/${encodeURIComponent(oops.id_slug)}`;
    text = `${label}${by}: ${oops.title} (${oops.severity}) ${link}`;
    blocks.push({
      type: 'section',
      text: mrkdwn(
        clip(`*${escapeMrkdwn(label)}*${escapeMrkdwn(by)}\n*<${link}|${escapeMrkdwn(oops.title)}>*`),
      ),
    });
    blocks.push({
      type: 'section',
      fields: [
        field('Severity', oops.severity),
        field('Department', oops.area_department),
        field('Logged by', oops.logged_by),
        field('Status', oops.status),
      ],
    });
    if (data.action)
      blocks.push({
        type: 'section',
        text: mrkdwn(clip(`*Action*\n${escapeMrkdwn(data.action.description)}`)),
      });
    if (data.note)
      blocks.push({ type: 'section', text: mrkdwn(clip(`*Note*\n${escapeMrkdwn(data.note.text)}`)) });
    if (envelope.type === 'oops.closed')
      blocks.push({
        type: 'section',
        text: mrkdwn(clip(`*Lesson learned*\n${escapeMrkdwn(oops.lesson_learned || '—')}`)),
      });
  } else if (data.member) {
    text = `${label}${by}: ${data.member.name}${data.member.role ? ` (${data.member.role})` : ''}`;
    blocks.push({ type: 'section', text: mrkdwn(clip(escapeMrkdwn(text))) });
  } else if (data.team) {
    text = `${label}${by}: ${data.team.name}`;
    blocks.push({ type: 'section', text: mrkdwn(clip(escapeMrkdwn(text))) });
  } else {
    text = label;
    blocks.push({ type: 'section', text: mrkdwn(escapeMrkdwn(text)) });
  }
  blocks.push({ type: 'context', elements: [mrkdwn(`OopsBoard · ${escapeMrkdwn(envelope.type)}`)] });
  return { text, blocks };
}
