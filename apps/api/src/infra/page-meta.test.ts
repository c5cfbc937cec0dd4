import { describe, expect, it } from 'vitest';
import { summarise, withPageMeta } from './page-meta.ts';

const INDEX = `<html><head>
    <meta
      name="description"
      content="Default"
    />
    <title>Zabuni</title>
  </head><body></body></html>`;

describe('withPageMeta', () => {
  it('replaces the title and description and adds Open Graph tags, escaped', () => {
    const html = withPageMeta(INDEX, {
      title: 'Supply of "desks" <Kenya>',
      description: 'Closes 5 Jan & more',
      url: 'https://zabuni.test/tenders/show/7',
    });
    expect(html).toContain('<title>Supply of &quot;desks&quot; &lt;Kenya&gt;</title>');
    expect(html).toContain('<meta name="description" content="Closes 5 Jan &amp; more" />');
    expect(html).toContain(
      '<meta property="og:title" content="Supply of &quot;desks&quot; &lt;Kenya&gt;" />',
    );
    expect(html).toContain('<link rel="canonical" href="https://zabuni.test/tenders/show/7" />');
    expect(html).not.toContain('Default');
  });

  it.each([
    ["Supply of $' desks", 'Supply of $&#39; desks'],
    ['Supply of $` desks', 'Supply of $` desks'],
    ['Prize $& and $$ and $1', 'Prize $&amp; and $$ and $1'],
  ])('inserts a title holding String.replace patterns literally: %s', (title, escaped) => {
    const html = withPageMeta(INDEX, {
      title,
      description: `About ${title}`,
      url: 'https://zabuni.test/tenders/show/7',
    });
    expect(html).toContain(`<title>${escaped}</title>`);
    expect(html).toContain(`<meta name="description" content="About ${escaped}" />`);
    expect(html).toContain(`<meta property="og:title" content="${escaped}" />`);
    // The document around the insertions is intact: one head, one title, one body, nothing duplicated.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.match(/<body>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html.endsWith('</html>')).toBe(true);
  });

  it('summarises long text at a word boundary', () => {
    expect(summarise('one two three four', 12)).toBe('one two…');
    expect(summarise('  short   text ')).toBe('short text');
  });
});
