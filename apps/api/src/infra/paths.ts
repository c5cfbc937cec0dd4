import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * apps/api, whether this code runs from source (apps/api/src/infra) or bundled (apps/api/dist).
 * Migrations and the built web app are found relative to it. A private build (`API_DIST_DIR=dist-x`) sits
 * beside dist and counts as bundled too.
 */
export const API_ROOT = /^dist[\w-]*$/.test(path.basename(here))
  ? path.resolve(here, '..')
  : path.resolve(here, '../..');
export const MIGRATIONS_DIR = path.join(API_ROOT, 'drizzle');
export const DEFAULT_WEB_DIST_DIR = path.resolve(API_ROOT, '../web/dist');
/** The marketing pages' texts (issue 17): `content/site/<language>.json` in apps/api, or SITE_CONTENT_DIR. */
export const DEFAULT_SITE_CONTENT_DIR = path.join(API_ROOT, 'content', 'site');
