/**
 * Search engines and link previews (WhatsApp, LinkedIn, X) read the HTML the server sends, not what the
 * single-page app renders later. Pages worth sharing get their title and description written into the
 * index.html they are served with.
 */
export interface PageMeta {
  title: string;
  description: string;
  /** Absolute canonical address of the page. */
  url: string;
  type?: 'website' | 'article';
}

const escapeAttribute = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

/** At most `max` characters, cut at a word boundary, with an ellipsis when cut. */
export function summarise(text: string, max = 200): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).trimEnd()}…`;
}

export function withPageMeta(indexHtml: string, meta: PageMeta): string {
  const title = escapeAttribute(meta.title);
  const description = escapeAttribute(meta.description);
  const url = escapeAttribute(meta.url);
  const tags = [
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="${meta.type ?? 'website'}" />`,
    `<meta property="og:site_name" content="Zabuni" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
  ].join('\n    ');
  // Replacer functions, never replacement strings: a title holding `$'`, `` $` `` or `$&` (or the `$&` of an
  // escaped `&`) is inserted as written instead of being read as a String.prototype.replace pattern.
  return indexHtml
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${title}</title>`)
    .replace(
      /<meta\s+name="description"[\s\S]*?\/>/,
      () => `<meta name="description" content="${description}" />`,
    )
    .replace('</head>', () => `    ${tags}\n  </head>`);
}
