import sanitizeHtml from 'sanitize-html';

/**
 * Rich text from users (tender details, later directory descriptions) keeps formatting and links only:
 * an allow-list of tags and attributes, no scripts, styles, event handlers, frames or data: URLs.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'mark',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'caption',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
    h1: 'h2',
  },
};
// The transform adds rel/target after filtering, so they must be allowed too.
OPTIONS.allowedAttributes = {
  ...(OPTIONS.allowedAttributes as object),
  a: ['href', 'title', 'rel', 'target'],
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The words of a rich text, for search previews and meta descriptions. */
export function richTextToPlain(html: string): string {
  // Block ends become spaces first, or "</p><p>" would glue two words together.
  return sanitizeHtml(html.replace(/<\/(p|h\d|li|td|th|div|blockquote|pre)>|<br\s*\/?>/gi, ' $&'), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
