// The API's front doors (ARCHITECTURE §3, issue 14), as ESLint rules so `npm run lint` refuses a breach.
//
// A module is a folder under apps/api/src/modules/<area>/ holding an index.ts (its front door); areas are
// identity, site, shared, and platform/<part>. Rules:
// - front-door: a file of one module imports another module only through that module's index.ts;
// - schema-readers: the table definitions (apps/api/src/schema) are read by repositories, query files,
//   other table files, infra, seeds, CLIs and tests only;
// - no-module-cycle: no module may import (through any chain of front doors) a module that imports it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const API_SRC = path.join('apps', 'api', 'src');

function apiPaths(filename) {
  const at = filename.lastIndexOf(`${path.sep}${API_SRC}${path.sep}`);
  if (at < 0) return null;
  const root = filename.slice(0, at + API_SRC.length + 1);
  return { root, modules: path.join(root, 'modules'), schema: path.join(root, 'schema') };
}

/** The module folder holding a file: the nearest folder under modules/ that has an index.ts. */
function moduleOf(file, modulesDir) {
  if (!file.startsWith(modulesDir + path.sep)) return null;
  let dir = path.dirname(file);
  while (dir.startsWith(modulesDir + path.sep)) {
    if (existsSync(path.join(dir, 'index.ts'))) return dir;
    dir = path.dirname(dir);
  }
  return null;
}

const SPECIFIER =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* sourceFiles(full);
    else if (/\.ts$/.test(name) && !/\.test\.ts$/.test(name)) yield full;
  }
}

/** Module → modules it imports, read from disk once per lint run. */
const graphs = new Map();
function moduleGraph(modulesDir) {
  if (graphs.has(modulesDir)) return graphs.get(modulesDir);
  const graph = new Map();
  for (const file of sourceFiles(modulesDir)) {
    const from = moduleOf(file, modulesDir);
    if (!from) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const spec = match[1] ?? match[2];
      if (!spec.startsWith('.')) continue;
      const to = moduleOf(path.resolve(path.dirname(file), spec), modulesDir);
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from).add(to);
    }
  }
  graphs.set(modulesDir, graph);
  return graph;
}

function reaches(graph, start, goal) {
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length) {
    const current = queue.shift();
    if (current === goal) return true;
    for (const next of graph.get(current) ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return false;
}

const SCHEMA_READER = /(\.repository|\.queries|\.tables|\.test|\.int\.test)\.ts$/;

function importVisitors(context, check) {
  const filename = context.filename ?? context.getFilename();
  const paths = apiPaths(filename);
  if (!paths) return {};
  const visit = (node) => {
    const spec = node.source && typeof node.source.value === 'string' ? node.source.value : null;
    if (!spec || !spec.startsWith('.')) return;
    check(node, path.resolve(path.dirname(filename), spec), filename, paths);
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
  };
}

const frontDoor = {
  meta: {
    type: 'problem',
    docs: { description: 'Import another module only through its front door (index.ts).' },
    messages: {
      frontDoor:
        "'{{target}}' is inside the module {{module}}: import it through {{module}}/index.ts, the module's front door.",
      repository:
        "{{name}} is {{module}}'s repository: only {{module}} writes its tables. Ask its service, or read through a *.queries.ts.",
    },
    schema: [],
  },
  create(context) {
    return importVisitors(context, (node, target, filename, paths) => {
      const from = moduleOf(filename, paths.modules);
      const to = moduleOf(target, paths.modules);
      if (!from || !to || from === to) return;
      if (target === path.join(to, 'index.ts')) {
        for (const specifier of node.specifiers ?? []) {
          const name = specifier.imported?.name ?? specifier.local?.name ?? '';
          if (/Repository$/.test(name)) {
            context.report({
              node: specifier,
              messageId: 'repository',
              data: { name, module: path.relative(paths.modules, to) },
            });
          }
        }
        return;
      }
      context.report({
        node,
        messageId: 'frontDoor',
        data: { target: path.relative(to, target), module: path.relative(paths.modules, to) },
      });
    });
  },
};

const schemaReaders = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Only repositories, query files, table files, infra, seeds, CLIs and tests read the schema.',
    },
    messages: {
      schema:
        "Tables are read by repositories and query files: ask the owning module's service (or write a *.queries.ts) instead of importing {{target}} here.",
    },
    schema: [],
  },
  create(context) {
    return importVisitors(context, (node, target, filename, paths) => {
      if (!target.startsWith(paths.schema + path.sep)) return;
      if (!filename.startsWith(paths.modules + path.sep)) return;
      if (SCHEMA_READER.test(filename)) return;
      context.report({ node, messageId: 'schema', data: { target: path.relative(paths.root, target) } });
    });
  },
};

const noModuleCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Modules import each other in one direction only.' },
    messages: {
      cycle:
        'Import cycle: {{to}} already depends on {{from}} (directly or through other modules). Invert the dependency: pass a function in, or move the shared piece down.',
    },
    schema: [],
  },
  create(context) {
    return importVisitors(context, (node, target, filename, paths) => {
      const from = moduleOf(filename, paths.modules);
      const to = moduleOf(target, paths.modules);
      if (!from || !to || from === to) return;
      if (/\.test\.ts$/.test(filename)) return;
      if (!reaches(moduleGraph(paths.modules), to, from)) return;
      context.report({
        node,
        messageId: 'cycle',
        data: { from: path.relative(paths.modules, from), to: path.relative(paths.modules, to) },
      });
    });
  },
};

export default {
  meta: { name: 'zabuni-architecture' },
  rules: { 'front-door': frontDoor, 'schema-readers': schemaReaders, 'no-module-cycle': noModuleCycle },
};
