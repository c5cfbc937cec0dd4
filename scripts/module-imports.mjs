#!/usr/bin/env node
// Lists cross-module imports in apps/api/src/modules: a file of module A importing a file of module B (B ≠ A)
// other than B's index.ts, and how many of them go to a `*.tables.ts`. Usage:
//   node scripts/module-imports.mjs [root=apps/api/src/modules] [--list] [--no-tests]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const root = path.resolve(args.find((a) => !a.startsWith('--')) ?? 'apps/api/src/modules');
const list = args.includes('--list');
const noTests = args.includes('--no-tests');

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (/\.tsx?$/.test(name)) yield full;
  }
}
const moduleOf = (file) => path.relative(root, file).split(path.sep)[0];
const SPECIFIER =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

const found = [];
for (const file of files(root)) {
  if (noTests && /\.test\.tsx?$/.test(file)) continue;
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(SPECIFIER)) {
    const spec = match[1] ?? match[2];
    if (!spec.startsWith('.')) continue;
    const target = path.resolve(path.dirname(file), spec);
    if (!target.startsWith(root + path.sep)) continue;
    const from = moduleOf(file);
    const to = moduleOf(target);
    if (from === to || path.basename(target) === 'index.ts') continue;
    found.push({ from, to, file: path.relative(root, file), target: path.relative(root, target) });
  }
}
const tables = found.filter((f) => f.target.endsWith('.tables.ts'));
const byKind = {};
for (const f of found) {
  const kind = /\.([a-z-]+)\.ts$/.exec(f.target)?.[1] ?? 'other';
  byKind[kind] = (byKind[kind] ?? 0) + 1;
}
// Who reads another module's tables: repositories, query files and table files (references) may; a
// service, route or job doing it is what the lint rule of issue 14 will refuse.
const tablesByImporterKind = {};
for (const f of tables) {
  const kind = /\.test\.ts$/.test(f.file) ? 'test' : (/\.([a-z-]+)\.ts$/.exec(f.file)?.[1] ?? 'other');
  tablesByImporterKind[kind] = (tablesByImporterKind[kind] ?? 0) + 1;
}
if (list) for (const f of found) console.log(`${f.file} -> ${f.target}`);
console.log(
  JSON.stringify(
    {
      crossModuleImports: found.length,
      toTables: tables.length,
      byTargetKind: byKind,
      tablesByImporterKind,
    },
    null,
    2,
  ),
);
