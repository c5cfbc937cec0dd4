/**
 * What crawlers read before the pages (issue 16): `robots.txt` keeps them on the public site, and
 * `sitemap.xml` lists its pages and every public tender. Served by the API beside the web app
 * (infra/web-app.ts), so neither is answered with the app's HTML.
 */
import { MODULE_PAGES } from '@zabuni/contracts';

/** A page of the sitemap: a path on the public site, and when it last changed if that is known. */
export interface SitemapEntry {
  path: string;
  lastmod?: string | null | undefined;
}

/** The sitemap protocol's limit per file (sitemaps.org); past it a sitemap index would be needed. */
export const SITEMAP_URL_LIMIT = 50_000;

/** The public site's own pages, before the tenders. */
export const PUBLIC_PAGES: readonly string[] = [
  '/',
  '/tenders',
  '/jobs',
  '/advertise',
  '/terms',
  '/privacy',
  '/contact',
  '/webinars',
  '/about',
  '/clients',
  '/pricing',
  // Issue 17: the module pages (every module and sub-module) and the demo tour.
  '/modules',
  ...Object.entries(MODULE_PAGES).flatMap(([module, subs]) => [
    `/modules/${module}`,
    ...subs.map((sub) => `/modules/${module}/${sub}`),
  ]),
  '/demo',
  // Issue 18: the A–Z supplier listing and supplier self-registration.
  '/suppliers',
  '/supplier/register',
  // Issue 18: the country supplier directories.
  '/supplier-directory',
  // Issue 18: the prequalified-supplier list order form.
  '/prequalified-suppliers',
];

/** Not for crawlers: the buyer and supplier apps, the API and the development tools. */
const DISALLOWED = ['/app', '/portal', '/api', '/dev', '/sim'];

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export const xmlEscape = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);

/** W3C date-time as the protocol wants it, or nothing when the value is not a date. */
function lastmodOf(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The sitemap's XML: the first SITEMAP_URL_LIMIT distinct entries, each address absolute and escaped. */
export function sitemapXml(publicUrl: string, entries: Iterable<SitemapEntry>): string {
  const seen = new Set<string>();
  const urls: string[] = [];
  for (const entry of entries) {
    if (urls.length >= SITEMAP_URL_LIMIT) break;
    const loc = `${publicUrl}${entry.path}`;
    if (seen.has(loc)) continue;
    seen.add(loc);
    const lastmod = lastmodOf(entry.lastmod);
    urls.push(`  <url><loc>${xmlEscape(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`);
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
