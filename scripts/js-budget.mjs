// `node scripts/js-budget.mjs [--budget 150] [--json] [--dist apps/web/dist]`: the JavaScript (and CSS) a public page needs before it
// is live, from the web build's Vite manifest (apps/web/dist/.vite/manifest.json; run `npm run build` first).
// A page needs the entry chunk and its static imports, then its route's page chunk and that chunk's static
// imports (main.tsx loads them before hydrating), and the English of any lazy namespace the route waits for
// (`withNamespaces` in app/routes.tsx). Sizes are gzip at level 9, as the build's precompressed files.
// Exits 1 when a page's JS is over the budget (KB gzip; issue 15: 150).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const distArg = args.indexOf('--dist');
const dist =
  distArg >= 0 ? path.resolve(args[distArg + 1]) : new URL('../apps/web/dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));

/** Public pages rendered on the server: the address, its page module and the lazy namespaces it waits for. */
export const PUBLIC_PAGES = [
  { page: '/', module: 'src/features/site/pages/HomePage.tsx' },
  { page: '/jobs', module: 'src/features/jobs/pages/AvailableJobsPage.tsx', namespaces: ['jobs'] },
  {
    page: '/tenders',
    module: 'src/features/tenders/pages/AvailableTendersPage.tsx',
    namespaces: ['tenders'],
  },
  {
    page: '/tenders/show/:id',
    module: 'src/features/tenders/pages/TenderDetailPage.tsx',
    namespaces: ['tenders'],
  },
  { page: '/advertise', module: 'src/features/auth/pages/AdvertisePage.tsx', namespaces: ['auth'] },
  {
    page: '/tenders-subscribe',
    module: 'src/features/subscriptions/pages/SubscribePage.tsx',
    namespaces: ['phone', 'subscriptions'],
  },
  { page: '/about', module: 'src/features/site/pages/AboutPage.tsx' },
  { page: '/clients', module: 'src/features/site/pages/ClientsPage.tsx', namespaces: ['tenders'] },
  { page: '/pricing', module: 'src/features/site/pages/PricingPage.tsx' },
  {
    page: '/payment/success',
    module: 'src/features/checkout/pages/PaymentSuccessPage.tsx',
    namespaces: ['checkout'],
  },
  { page: '/modules/:module/:sub', module: 'src/features/site/pages/ModulePage.tsx' },
  { page: '/demo', module: 'src/features/site/pages/DemoPage.tsx' },
  // Issue 21: assets for sale, and one asset's page.
  {
    page: '/asset-sales',
    module: 'src/features/asset-sales/pages/AssetSalesPage.tsx',
    namespaces: ['asset-sales'],
  },
  {
    page: '/asset-sales/:code',
    module: 'src/features/asset-sales/pages/AssetSalePage.tsx',
    namespaces: ['asset-sales'],
  },
  { page: '/not-found', module: 'src/components/NotFoundPage.tsx' },
];

const budgetArg = args.indexOf('--budget');
const budgetKb = budgetArg >= 0 ? Number(args[budgetArg + 1]) : 150;

const gzipSizes = new Map();
function gz(file) {
  if (!gzipSizes.has(file)) {
    gzipSizes.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
  }
  return gzipSizes.get(file);
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('no entry in the manifest');

/** The manifest keys of `key` and its static imports, transitively. */
function closure(key, into = new Set()) {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`not in the manifest: ${key} (has the page moved?)`);
  into.add(key);
  for (const imported of chunk.imports ?? []) closure(imported, into);
  return into;
}

function sizes(keys) {
  let js = 0;
  let css = 0;
  const cssFiles = new Set();
  for (const key of keys) {
    js += gz(manifest[key].file);
    for (const file of manifest[key].css ?? []) cssFiles.add(file);
  }
  for (const file of cssFiles) css += gz(file);
  return { js, css };
}

const entry = closure(entryKey);
const kb = (bytes) => (bytes / 1024).toFixed(1);
const rows = [];
for (const { page, module, namespaces = [] } of PUBLIC_PAGES) {
  const keys = new Set(entry);
  if (module) closure(module, keys);
  for (const ns of namespaces) closure(`src/locales/en/${ns}.json`, keys);
  const own = [...keys].filter((key) => !entry.has(key));
  const total = sizes(keys);
  rows.push({
    page,
    chunks: keys.size,
    pageJs: sizes(own).js,
    js: total.js,
    css: total.css,
    over: total.js > budgetKb * 1024,
  });
}

if (args.includes('--json')) {
  console.log(JSON.stringify({ budgetKb, entry: sizes(entry), pages: rows }, null, 2));
} else {
  const entrySizes = sizes(entry);
  console.log(`entry ${entryKey} and its imports: ${entry.size} chunks, ${kb(entrySizes.js)} KB JS gzip`);
  console.log(`budget: ${budgetKb} KB JS gzip per page (entry + the page's chunks)\n`);
  const header = ['page', 'chunks', 'page JS', 'JS total', 'CSS', ''];
  const lines = rows.map((r) => [
    r.page,
    String(r.chunks),
    kb(r.pageJs),
    kb(r.js),
    kb(r.css),
    r.over ? `OVER by ${kb(r.js - budgetKb * 1024)}` : 'ok',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(format(header));
  for (const line of lines) console.log(format(line));
}
process.exit(rows.some((r) => r.over) ? 1 : 0);
