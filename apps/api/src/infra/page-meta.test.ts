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

  it('summarises long text at a word boundary', () => {
    expect(summarise('one two three four', 12)).toBe('one two…');
    expect(summarise('  short   text ')).toBe('short text');
  });
});
