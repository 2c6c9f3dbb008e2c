// Notes render their Markdown and nothing a note could use to run code or load something (decision 045).
import { describe, expect, it } from 'vitest';
import { sanitiseNote } from '../../../common/domain/note-html';
import { renderNote } from './note-markdown';

/** As the page gets a note: stored through the server's sanitiser first. */
const shown = (written: string) => renderNote(sanitiseNote(written));

describe('renderNote', () => {
  it('renders emphasis, lists, code, quotes and links from Markdown', () => {
    const html = shown(
      '**Bold** and _it_ with `code`\n\n- one\n- two\n\n1. first\n\n> a quote\n\n[runbook](https://wiki.example/runbook)',
    );
    expect(html).toContain('<strong>Bold</strong>');
    expect(html).toContain('<em>it</em>');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain('<ul>\n<li>one</li>\n<li>two</li>\n</ul>');
    expect(html).toContain('<ol>\n<li>first</li>\n</ol>');
    expect(html).toContain('<blockquote>');
    expect(html).toContain('<a href="https://wiki.example/runbook">runbook</a>');
  });

  it('keeps the HTML tags notes were written with, and a line break as a line break', () => {
    expect(shown('<b>bold</b> <u>under</u>\nnext line')).toBe(
      '<p><b>bold</b> <u>under</u><br>next line</p>\n',
    );
  });

  it('shows other tags and comparisons as the text they are', () => {
    expect(shown('use a <div> when a < b & c > d')).toBe('<p>use a &lt;div&gt; when a &lt; b &amp; c &gt; d</p>\n');
    expect(shown('&lt;literally&gt;')).toBe('<p>&lt;literally&gt;</p>\n');
  });

  it('drops scripts, handlers, unsafe links and pictures from elsewhere', () => {
    const html = shown(
      [
        '<script>alert(1)</script>',
        '<img src=x onerror="alert(2)">',
        '[click](javascript:alert(3))',
        '![tracker](https://tracker.example/pixel.png)',
        '<a href="javascript:alert(4)">x</a>',
      ].join('\n\n'),
    );
    const dom = new DOMParser().parseFromString(html, 'text/html').body;
    expect(dom.querySelectorAll('script, img, iframe')).toHaveLength(0);
    const attributes = [...dom.querySelectorAll('*')].flatMap((el) => [...el.attributes]);
    expect(attributes.map((a) => a.name)).toEqual(['href']);
    expect(dom.textContent).toContain('<script>alert(1)</script>');
    expect(html).toContain('<a href="https://tracker.example/pixel.png">tracker</a>');
    expect(html).toContain('<a>click</a>');
  });

  it('turns headings into bold paragraphs, leaving the page its outline', () => {
    expect(shown('# Summary')).toBe('<p><strong>Summary</strong></p>\n');
  });
});
