// A text with its matched parts in <mark>: the server sends plain text and ranges, never HTML (decision 040).
import type { HighlightedText as Highlighted } from '../../../common/contracts/search';

export function HighlightedText({ text, ranges }: Highlighted) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const { start, end } of ranges) {
    if (start < at || end > text.length || end <= start) continue;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}
