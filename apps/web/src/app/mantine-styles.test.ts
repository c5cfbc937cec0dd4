import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const here = new URL('.', import.meta.url).pathname;
const stylesDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css')),
  'styles',
);
const imported = (file: string) =>
  [
    ...readFileSync(path.join(here, file), 'utf8').matchAll(/^import '@mantine\/core\/styles\/([^']+)';$/gm),
  ].map((m) => m[1]!);

describe("Mantine's stylesheet split in two", () => {
  const publicPart = imported('mantine-styles.ts');
  const rest = imported('mantine-styles-rest.ts');

  it("holds every file of '@mantine/core/styles.css' once", () => {
    const all = readdirSync(stylesDir).filter((f) => f.endsWith('.css') && !f.endsWith('.layer.css'));
    expect([...publicPart, ...rest].sort()).toEqual(all.sort());
  });

  it("keeps the order of '@mantine/core/styles.css' in each part", () => {
    const full = readFileSync(path.join(stylesDir, '..', 'styles.css'), 'utf8');
    const at = (file: string) =>
      full.indexOf(readFileSync(path.join(stylesDir, file), 'utf8').trim().slice(0, 300));
    for (const part of [publicPart, rest]) {
      const positions = part.map(at);
      expect(positions.every((p) => p >= 0)).toBe(true);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    }
  });
});
