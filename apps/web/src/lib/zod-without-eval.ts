/**
 * The site's Content-Security-Policy allows no eval (script-src 'self'). Zod compiles fast parsers with
 * `new Function` and, to learn whether it may, tries one while building each object schema: the browser
 * reports that attempt as a CSP violation even though zod then falls back. Jitless mode skips both. It is
 * read when a schema is built, so main.tsx imports this module before any other.
 *
 * Set through the global object zod keeps its configuration in (zod/v4/core: `globalThis.__zod_globalConfig`,
 * which zod adopts when it finds one) rather than `z.config()`: importing zod here put ~10 kB of it in the
 * first-load chunk of every public page, most of which never builds a schema (issue 15). Its unit test checks
 * that a schema built afterwards is jitless.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });

export {};
