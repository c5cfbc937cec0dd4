import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 14: messages are translated by key (an API error by its `code`, a contract schema's issue by its
 * catalogue key, a form's own check by a key of its namespace), never by finding an English sentence in a
 * translation bundle. This test reads the web's sources and fails if sentence matching comes back.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SELF = fileURLToPath(import.meta.url);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(entry.name) && full !== SELF ? [full] : [];
  });
}

const FORBIDDEN: ReadonlyArray<{ what: string; pattern: RegExp }> = [
  { what: 'translateServerMessage', pattern: /\btranslateServerMessage\b/ },
  { what: 'the server-messages module', pattern: /server-messages/ },
  { what: 'a translation bundle read to look a message up', pattern: /getResourceBundle\s*\(/ },
  {
    what: 'a map over a bundle’s messages (English → key)',
    pattern: /Object\.(entries|values|keys)\(\s*[\w.]*\bmessages\s*\)/,
  },
  { what: 'a key found by its English text', pattern: /KEY_BY_ENGLISH|BY_ENGLISH/ },
  { what: 'a regular expression on “Line N:”', pattern: /\/\^?\(?Line\s*\(?\\d/ },
  { what: 'an error’s text compared with English', pattern: /\.(message|detail)\s*[!=]==?\s*['"`][A-Z]/ },
  {
    what: 'English searched for in an error’s text',
    pattern: /\.(message|detail)\.(includes|startsWith|endsWith|match|search)\(\s*['"`/]/,
  },
];

/** `file:line: text` of every line of `text` that matches `pattern`. */
function findings(files: ReadonlyArray<{ file: string; text: string }>, pattern: RegExp): string[] {
  return files.flatMap(({ file, text }) =>
    text
      .split('\n')
      .map((line, index) => ({ line, index }))
      .filter(({ line }) => pattern.test(line))
      .map(({ line, index }) => `${path.relative(SRC, file)}:${index + 1}: ${line.trim()}`),
  );
}

describe('no sentence matching in the web', () => {
  const files = sources(SRC).map((file) => ({ file, text: readFileSync(file, 'utf8') }));

  it('reads the sources it guards', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some(({ file }) => file.endsWith(path.join('lib', 'form-errors.ts')))).toBe(true);
  });

  it.each(FORBIDDEN)('has no $what', ({ pattern }) => {
    expect(findings(files, pattern)).toEqual([]);
  });

  it('finds each planted violation (the patterns can fail)', () => {
    const planted = [
      "import { translateServerMessage } from '../../lib/server-messages.ts';",
      "const bundle = i18next.getResourceBundle('en', ns);",
      'const byText = new Map(Object.entries(en.messages).map(([k, v]) => [v, k]));',
      'const line = /^Line (\\d+): /.exec(message);',
      "if (error.message === 'Add at least one line.') return;",
      "if (failure.detail.includes('already exists')) return;",
      'const key = KEY_BY_ENGLISH.get(message);',
    ].join('\n');
    const hits = FORBIDDEN.filter(
      ({ pattern }) => findings([{ file: path.join(SRC, 'planted.ts'), text: planted }], pattern).length > 0,
    ).map(({ what }) => what);
    expect(hits).toEqual(FORBIDDEN.map(({ what }) => what));
  });

  it('keeps in a bundle’s `messages` only texts the code reads by their key', () => {
    const bundles = import.meta.glob<Record<string, unknown>>('../locales/en/*.json', {
      eager: true,
      import: 'default',
    });
    const code = files.map(({ text }) => text).join('\n');
    const unread: string[] = [];
    for (const [file, bundle] of Object.entries(bundles)) {
      const messages = bundle.messages as Record<string, unknown> | undefined;
      for (const key of Object.keys(messages ?? {})) {
        if (!code.includes(`messages.${key}`)) unread.push(`${path.basename(file)}: messages.${key}`);
      }
    }
    expect(unread).toEqual([]);
  });
});
