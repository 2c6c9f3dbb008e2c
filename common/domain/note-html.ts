// The HTML a postmortem note may hold (docs/product.md, the incident page): only b, i, u, strong, em, br and p, no
// attributes. The server sanitises every note on write with it; the web renders a note's Markdown (decision 045)
// from the source it recovers here and lets only these tags through as raw HTML.
const ALLOWED = 'b|i|u|strong|em|p';
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe to place in HTML, as text or as an attribute's value. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** Everything escaped first, then exactly the allowed tags let back in without attributes, however malformed. */
export function sanitiseNote(input: string): string {
  return escapeHtml(input)
    .replace(
      new RegExp(`&lt;(/?)(${ALLOWED})(?:\\s(?:(?!&gt;).)*?)?&gt;`, 'gi'),
      (_m, slash: string, tag: string) => `<${slash}${tag.toLowerCase()}>`,
    )
    .replace(/&lt;br\s*\/?&gt;/gi, '<br>');
}

const DECODE: Record<string, string> = {
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&amp;': '&',
};

/** The text a stored note was written as: the escapes sanitiseNote added undone (in one pass, so `&amp;lt;` stays `&lt;`). */
export function noteSource(stored: string): string {
  return stored.replace(/&(?:lt|gt|quot|#39|amp);/g, (entity) => DECODE[entity]!);
}
