// Note sanitising on write (docs/product.md §2: only b, i, u, strong, em, br, p, no attributes). Everything is escaped first,
// then exactly those tags are let back in without attributes, so no other markup can survive, however malformed.
const ALLOWED = 'b|i|u|strong|em|p';
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function sanitiseNote(input: string): string {
  return input
    .replace(/[&<>"']/g, (c) => ESCAPES[c]!)
    .replace(
      new RegExp(`&lt;(/?)(${ALLOWED})(?:\\s(?:(?!&gt;).)*?)?&gt;`, 'gi'),
      (_m, slash: string, tag: string) => `<${slash}${tag.toLowerCase()}>`,
    )
    .replace(/&lt;br\s*\/?&gt;/gi, '<br>');
}
