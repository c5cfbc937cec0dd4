import { z } from 'zod';

/**
 * The site's Content-Security-Policy allows no eval (script-src 'self'). Zod compiles fast parsers with
 * `new Function` and, to learn whether it may, tries one while building each object schema: the browser
 * reports that attempt as a CSP violation even though zod then falls back. Jitless mode skips both. It is
 * read when a schema is built, so main.tsx imports this module before any other.
 */
z.config({ jitless: true });
