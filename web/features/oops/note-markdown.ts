// A postmortem note as the page shows it (decision 045): its text is Markdown (emphasis, lists, code, quotes, links,
// tables), rendered in the browser and sanitised after rendering. The server still stores a note as the HTML it
// allows (b, i, u, strong, em, br, p), so notes written with those tags read as before.
import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import { escapeHtml, noteSource, sanitiseNote } from '../../../common/domain/note-html';

/** What rendered Markdown may produce; DOMPurify drops anything else, and any link that is not http(s) or mailto. */
const RENDERED_TAGS = [
  ...['p', 'br', 'strong', 'em', 'b', 'i', 'u', 'del', 'hr'],
  ...['code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'a'],
  ...['table', 'thead', 'tbody', 'tr', 'th', 'td'],
];
const SAFE_LINK = /^(?:https?:|mailto:|\/|#)/i;

const markdown = new Marked({
  gfm: true,
  // A line break in the box is a line break on the page, as people expect from a note.
  breaks: true,
  renderer: {
    // Raw HTML in the text: only the tags a note may hold; anything else shows as the text it is.
    html({ text }) {
      return sanitiseNote(text);
    },
    // The page owns its outline: a note's heading is a bold paragraph, not an <h1> inside the incident.
    heading({ tokens }) {
      return `<p><strong>${this.parser.parseInline(tokens)}</strong></p>\n`;
    },
    // Nothing is fetched from another origin for a note: a picture becomes a link to it.
    image({ href, text }) {
      return `<a href="${escapeHtml(href)}">${escapeHtml(text || href)}</a>`;
    },
  },
});

/** The note's HTML, safe to place in the page. */
export function renderNote(stored: string): string {
  const html = markdown.parse(noteSource(stored), { async: false });
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: RENDERED_TAGS,
    ALLOWED_ATTR: ['href', 'start'],
    ALLOWED_URI_REGEXP: SAFE_LINK,
  });
}
