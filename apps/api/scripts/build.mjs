// Bundles the API entry points to dist/ with esbuild. Our workspace packages (TypeScript sources) are
// bundled in; every npm dependency stays external and is loaded from node_modules at run time.
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@zabuni/'));

// API_DIST_DIR (a folder name inside apps/api starting with `dist`, e.g. `dist-contracts`): a private build
// beside the shared one, so that several people building on one machine do not replace each other's.
const outdir = process.env.API_DIST_DIR ?? 'dist';
if (!/^dist[\w-]*$/.test(outdir))
  throw new Error(`API_DIST_DIR must be a folder name starting with "dist": ${outdir}`);
await rm(new URL(`../${outdir}`, import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: {
    main: 'src/main.ts',
    worker: 'src/worker.ts',
    migrate: 'src/cli/migrate.ts',
    'seed-demo': 'src/cli/seed-demo.ts',
    'audit-verify': 'src/cli/audit-verify.ts',
  },
  absWorkingDir: new URL('..', import.meta.url).pathname,
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, 'pino', 'pino-pretty'],
  banner: {
    js: "import { createRequire as __zCreateRequire } from 'node:module'; const require = __zCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
