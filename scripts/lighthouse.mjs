// `npm run lighthouse`: Lighthouse (mobile form factor, default simulated throttling) and its axe audits on
// the public pages of the production build, served by `node apps/api/dist/main.js` on a free loopback port
// with a fresh temporary DATA_DIR (embedded PostgreSQL, demo data seeded on first start).
//
// Prints the median of N runs per page (default 3): performance, accessibility, LCP, TBT, CLS, initial JS
// (sum of the transfer sizes of the scripts loaded before any interaction, i.e. gzip/br as served), total
// transfer and request count; then every failing accessibility audit with its nodes. Writes the summary to
// .bench-results/lighthouse.json. Exits non-zero when a goal is missed only with `--check`.
//
// Then axe (Lighthouse's own axe-core and options) on what one Lighthouse load does not show: every page at
// desktop width, the home page in Amharic, the open mobile menu and a job's dialog.
//
// Options: --check, --runs=N, --no-axe, --url=http://host:port (a server already running, with demo data), --only=/jobs,/tenders (paths or page names), --out=file.json,
//          CHROMIUM_PATH=... (default /usr/lib/chromium/chromium).
// It builds nothing: run `npm run build` first.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const require = createRequire(import.meta.url);
const lighthouseVersion = require('lighthouse/package.json').version;

const root = fileURLToPath(new URL('..', import.meta.url));
const serverEntry = path.join(root, 'apps/api/dist/main.js');
const webIndex = path.join(root, 'apps/web/dist/index.html');

/** The issue's goals (issue 15), checked on every page. */
const GOALS = {
  performance: { min: 95, label: 'performance ≥ 95' },
  accessibility: { min: 100, label: 'accessibility 100' },
  lcpMs: { max: 2000, label: 'LCP < 2.0 s', strict: true },
  tbtMs: { max: 150, label: 'TBT < 150 ms', strict: true },
  cls: { max: 0.05, label: 'CLS < 0.05', strict: true },
  scriptKb: { max: 150, label: 'initial JS ≤ 150 KB (as transferred)' },
  totalKb: { max: 250, label: 'first load ≤ 250 KB' },
};

const args = process.argv.slice(2);
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const check = args.includes('--check');
const axePass = !args.includes('--no-axe');
const target = option('url');
const runs = Number(option('runs') ?? 3);
const only = option('only')?.split(',').filter(Boolean);
const out = path.resolve(root, option('out') ?? '.bench-results/lighthouse.json');
const chromePath =
  process.env.CHROMIUM_PATH ??
  ['/usr/lib/chromium/chromium', '/usr/bin/chromium', '/usr/bin/google-chrome'].find((p) => existsSync(p));

if (!Number.isInteger(runs) || runs < 1) fail(`--runs must be a positive integer, got ${option('runs')}`);
if (!target && (!existsSync(serverEntry) || !existsSync(webIndex))) {
  fail(
    'No production build found (apps/api/dist/main.js, apps/web/dist/index.html): run `npm run build` first.',
  );
}
if (!chromePath) fail('Chromium not found: `apt-get install -y chromium` or set CHROMIUM_PATH.');

function progress(text) {
  if (process.stdout.isTTY) process.stdout.write(`  ${text}`.padEnd(70) + '\r');
}

function fail(message) {
  console.error(message);
  process.exit(1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startServer() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zabuni-lighthouse-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const env = { ...process.env };
  // Always the embedded database in the fresh DATA_DIR, whatever the shell points at.
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      SEED_DEMO: 'true',
      RUN_WORKER: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, 15_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The server exited (${child.exitCode}):\n${log}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not become healthy within 120 s:\n${log}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { baseUrl, stop };
}

async function firstId(baseUrl, apiPath) {
  const response = await fetch(`${baseUrl}/api/v1${apiPath}`);
  if (!response.ok) throw new Error(`GET /api/v1${apiPath} answered ${response.status}`);
  const body = await response.json();
  const items = Array.isArray(body) ? body : (body.results ?? body.items ?? body.data ?? []);
  return items[0]?.id ?? null;
}

/** The public pages: the issue's list, plus the marketing pages of apps/web/src/app/routes.tsx. */
async function publicPages(baseUrl) {
  const tenderId = await firstId(baseUrl, '/tender-alerts/available-tenders/');
  const jobId = await firstId(baseUrl, '/core/available-jobs/');
  const assetSale = await fetch(`${baseUrl}/api/v1/asset-sales/?page_size=1`)
    .then((r) => (r.ok ? r.json() : { results: [] }))
    .then((body) => body.results?.[0]?.code ?? null);
  const pages = [
    ['home', '/'],
    ['jobs', '/jobs'],
    ['tenders', '/tenders'],
    ['tender detail', tenderId ? `/tenders/show/${tenderId}` : null],
    ['tenders-subscribe', '/tenders-subscribe'],
    ['advertise', '/advertise'],
    ['sign in', '/login'],
    ['forgot password', '/forgot-password'],
    ['about', '/about'],
    ['clients', '/clients'],
    ['supplier directory', '/supplier-directory'],
    ['pricing', '/pricing'],
    ['payment success', '/payment/success'],
    ['contact', '/contact'],
    ['module', '/modules/procure-to-pay'],
    ['sub-module', '/modules/procure-to-pay/invoice'],
    ['demo', '/demo'],
    ['webinars', '/webinars'],
    ['terms', '/terms'],
    ['privacy', '/privacy'],
    ['suppliers A-Z', '/suppliers'],
    ['supplier register', '/supplier/register'],
    ['prequalified suppliers', '/prequalified-suppliers'],
    ['asset sales', '/asset-sales'],
    ['asset sale', assetSale ? `/asset-sales/${assetSale}` : null],
  ];
  // A job opens as a dialog on /jobs; once a page of its own exists (/jobs/:id answered as a page, not the
  // shell's 404), it is measured too.
  if (jobId) {
    const response = await fetch(`${baseUrl}/jobs/${jobId}`);
    const html = response.ok ? await response.text() : '';
    if (response.ok && html.includes(String(jobId))) pages.splice(4, 0, ['job detail', `/jobs/${jobId}`]);
  }
  const missing = pages.filter(([, p]) => !p).map(([name]) => name);
  if (missing.length) console.warn(`No demo data for: ${missing.join(', ')} (skipped)`);
  return pages
    .filter(([, p]) => p)
    .filter(([name, p]) => !only || only.some((o) => o === p || o === name))
    .map(([name, p]) => ({ name, path: p }));
}

const median = (values) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

function measure(lhr) {
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const loaded = requests.filter((r) => !String(r.url).startsWith('data:'));
  const scripts = loaded.filter((r) => r.resourceType === 'Script');
  const score = (id) => (lhr.categories[id]?.score ?? NaN) * 100;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
    scriptKb: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
    scripts: scripts.length,
    totalKb: (lhr.audits['total-byte-weight']?.numericValue ?? NaN) / 1024,
    requests: loaded.length,
  };
}

/** Failing accessibility audits (score < 1) with their nodes. */
function accessibilityFailures(lhr) {
  const failures = [];
  for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 1) continue;
    const nodes = (audit.details?.items ?? []).map((item) => ({
      selector: item.node?.selector ?? '',
      snippet: item.node?.snippet ?? '',
      label: item.node?.nodeLabel ?? '',
      explanation: item.node?.explanation ?? '',
    }));
    failures.push({ id: ref.id, title: audit.title, weight: ref.weight, nodes });
  }
  return failures;
}

function missedGoals(m) {
  const missed = [];
  for (const [key, goal] of Object.entries(GOALS)) {
    const value = m[key];
    if (!Number.isFinite(value)) missed.push(`${goal.label} (not measured)`);
    else if (goal.min !== undefined && value < goal.min) missed.push(goal.label);
    else if (goal.max !== undefined && (goal.strict ? value >= goal.max : value > goal.max))
      missed.push(goal.label);
  }
  return missed;
}

const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Lighthouse's axe options (core/gather/gatherers/accessibility.js), so both passes judge alike. */
const AXE_OPTIONS = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] },
  resultTypes: ['violations', 'inapplicable'],
  rules: Object.fromEntries([
    ...[
      'accesskeys',
      'aria-allowed-role',
      'aria-conditional-attr',
      'aria-deprecated-role',
      'aria-dialog-name',
      'aria-prohibited-attr',
      'aria-treeitem-name',
      'aria-text',
      'empty-heading',
      'heading-order',
      'html-xml-lang-mismatch',
      'identical-links-same-purpose',
      'image-redundant-alt',
      'input-button-name',
      'label-content-name-mismatch',
      'landmark-one-main',
      'link-in-text-block',
      'meta-viewport',
      'select-name',
      'skip-link',
      'tabindex',
      'table-duplicate-name',
      'table-fake-caption',
      'target-size',
      'td-has-header',
    ].map((id) => [id, { enabled: true }]),
    ...[
      'area-alt',
      'aria-braille-equivalent',
      'aria-roledescription',
      'audio-caption',
      'blink',
      'duplicate-id',
      'frame-focusable-content',
      'frame-title-unique',
      'marquee',
      'nested-interactive',
      'no-autoplay-audio',
      'role-img-alt',
      'scrollable-region-focusable',
      'server-side-image-map',
      'summary-name',
      'svg-img-alt',
    ].map((id) => [id, { enabled: false }]),
  ]),
};
const MOBILE = { width: 412, height: 823 };
const DESKTOP = { width: 1350, height: 940 };

/** axe on states a Lighthouse load does not reach; returns [{ state, violations }]. */
async function axeStates(baseUrl, pages) {
  const { chromium } = await import('playwright-core');
  const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  const browser = await chromium.launch({
    executablePath: chromePath,
    headless: true,
    args: chromeFlags.filter((flag) => !flag.startsWith('--headless')),
  });
  const states = [
    ...pages.map((p) => ({ state: `${p.path} at desktop width`, path: p.path, viewport: DESKTOP })),
    { state: '/ in Amharic, mobile', path: '/', viewport: MOBILE, language: 'am' },
    { state: '/ in Amharic, desktop', path: '/', viewport: DESKTOP, language: 'am' },
    {
      state: '/ with the mobile menu open',
      path: '/',
      viewport: MOBILE,
      act: async (page) => {
        await page.locator('button[aria-controls="mobile-menu"]').click();
        await page.locator('#mobile-menu').waitFor();
      },
    },
    ...(pages.some((p) => p.path === '/jobs')
      ? [
          {
            state: "/jobs with a job's instructions open",
            path: '/jobs',
            viewport: MOBILE,
            act: async (page) => {
              await page.getByTestId('job-card').first().locator('button').first().click();
              await page.getByRole('dialog').waitFor();
              await page.waitForTimeout(500);
            },
          },
        ]
      : []),
  ];
  const found = [];
  try {
    for (const { state, path: pagePath, viewport, language, act } of states) {
      progress(`axe: ${state}`);
      const context = await browser.newContext({ viewport, bypassCSP: true });
      try {
        if (language) {
          await context.addCookies([{ name: 'lang', value: language, url: baseUrl }]);
          await context.addInitScript(
            (code) => globalThis.localStorage.setItem('zabuni.language', code),
            language,
          );
        }
        const page = await context.newPage();
        const response = await page.goto(`${baseUrl}${pagePath}`, { waitUntil: 'networkidle' });
        if (!response?.ok()) {
          found.push({ state, error: `answered ${response?.status()}`, violations: [] });
          continue;
        }
        await page.locator('main h1, main h2, main h3').first().waitFor({ timeout: 15_000 });
        if (act) await act(page);
        await page.evaluate(axeSource);
        const violations = await page.evaluate(async (options) => {
          const result = await globalThis.axe.run(globalThis.document, options);
          return result.violations.map((v) => ({
            id: v.id,
            title: v.help,
            nodes: v.nodes.map((n) => ({
              selector: n.target.join(' '),
              label: (globalThis.document.querySelector(n.target.join(' '))?.textContent ?? '')
                .trim()
                .slice(0, 80),
              explanation: n.failureSummary ?? '',
            })),
          }));
        }, AXE_OPTIONS);
        found.push({ state, violations });
      } catch (error) {
        found.push({
          state,
          error: error instanceof Error ? error.message.split('\n')[0] : String(error),
          violations: [],
        });
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  progress('');
  return found;
}

let server;
let chrome;
const cleanUp = async () => {
  try {
    await chrome?.kill();
  } catch {
    // already gone
  }
  chrome = undefined;
  await server?.stop();
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => cleanUp().finally(() => process.exit(130)));
}

try {
  if (target) {
    server = { baseUrl: target.replace(/\/$/, ''), stop: async () => undefined };
    console.log(`Measuring the server already running at ${server.baseUrl}`);
  } else {
    process.stdout.write('Starting the production build on a fresh database (demo data)… ');
    server = await startServer();
    console.log(server.baseUrl);
  }
  const pages = await publicPages(server.baseUrl);
  if (!pages.length) fail(`No page matches --only=${only?.join(',')}`);
  chrome = await chromeLauncher.launch({ chromePath, chromeFlags, logLevel: 'silent' });

  const results = [];
  for (const page of pages) {
    const url = `${server.baseUrl}${page.path}`;
    const measurements = [];
    const errors = [];
    const failures = new Map();
    for (let run = 1; run <= runs; run += 1) {
      progress(`${page.path} run ${run}/${runs}`);
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      const lhr = result?.lhr;
      // A page that fails to load is reported and the other pages still measured.
      if (!lhr || lhr.runtimeError) {
        errors.push(lhr ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : 'no result');
        continue;
      }
      measurements.push(measure(lhr));
      for (const failure of accessibilityFailures(lhr)) {
        const known = failures.get(failure.id);
        if (!known) failures.set(failure.id, failure);
        else {
          const seen = new Set(known.nodes.map((n) => n.selector));
          known.nodes.push(...failure.nodes.filter((n) => !seen.has(n.selector)));
        }
      }
    }
    const keys = Object.keys(measure({ audits: {}, categories: {} }));
    const summary = Object.fromEntries(keys.map((k) => [k, median(measurements.map((m) => m[k]))]));
    results.push({
      page: page.name,
      path: page.path,
      median: summary,
      runs: measurements,
      errors,
      accessibilityFailures: [...failures.values()],
      missed: measurements.length
        ? [...(errors.length ? ['every run loads'] : []), ...missedGoals(summary)]
        : ['the page loads'],
    });
  }
  progress('');

  const fmt = (v, digits = 0) => (Number.isFinite(v) ? v.toFixed(digits) : '–');
  const header = ['page', 'perf', 'a11y', 'LCP s', 'TBT ms', 'CLS', 'JS KB', 'total KB', 'requests', 'goals'];
  const rows = results.map((r) => [
    r.path,
    fmt(r.median.performance),
    fmt(r.median.accessibility),
    fmt(r.median.lcpMs / 1000, 2),
    fmt(r.median.tbtMs),
    fmt(r.median.cls, 3),
    fmt(r.median.scriptKb, 1),
    fmt(r.median.totalKb, 1),
    fmt(r.median.requests),
    r.errors.length
      ? `${r.errors.length} run(s) failed`
      : r.missed.length
        ? `missed ${r.missed.length}`
        : 'met',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  console.log(`\nLighthouse ${lighthouseVersion} mobile, default throttling, median of ${runs} run(s):\n`);
  console.log(line(header));
  console.log(
    `|${widths.map((w, i) => (i === 0 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
  );
  for (const row of rows) console.log(line(row));
  console.log(
    `\nJS KB: scripts loaded before any interaction, as transferred (compressed); total KB: every byte transferred.`,
  );
  console.log(
    `Goals: ${Object.values(GOALS)
      .map((g) => g.label)
      .join('; ')}.`,
  );

  const failing = results.filter((r) => r.accessibilityFailures.length);
  if (!failing.length) console.log('\nAccessibility: no failing audit on any page.');
  for (const r of failing) {
    console.log(`\nAccessibility failures on ${r.path}:`);
    for (const f of r.accessibilityFailures) {
      console.log(`  ${f.id}: ${f.title}`);
      for (const n of f.nodes) {
        console.log(`    - ${n.selector}${n.label ? `  “${n.label.slice(0, 60)}”` : ''}`);
        if (n.explanation)
          console.log(`      ${n.explanation.split('\n').slice(0, 2).join(' ').slice(0, 200)}`);
      }
    }
  }
  for (const r of results.filter((x) => x.errors.length))
    console.log(`\n${r.path} failed to load: ${r.errors[0]}`);
  const missedBy = results.filter((x) => x.missed.length);
  if (missedBy.length) console.log('\nGoals missed:');
  for (const r of missedBy) console.log(`  ${r.path}: ${r.missed.join(', ')}`);

  const axeResults = axePass ? await axeStates(server.baseUrl, pages) : [];
  if (axePass) {
    const bad = axeResults.filter((r) => r.error || r.violations.length);
    console.log(
      `\naxe (Lighthouse's rules) in ${axeResults.length} more states: ${
        bad.length ? `${bad.length} with findings` : 'no violation'
      }.`,
    );
    for (const r of bad) {
      console.log(`\n  ${r.state}:${r.error ? ` could not be checked (${r.error})` : ''}`);
      for (const v of r.violations) {
        console.log(`    ${v.id}: ${v.title}`);
        for (const n of v.nodes)
          console.log(`      - ${n.selector}${n.label ? `  “${n.label.slice(0, 60)}”` : ''}`);
      }
    }
  }

  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(
    out,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        lighthouse: lighthouseVersion,
        formFactor: 'mobile',
        throttling: 'simulated (default)',
        runs,
        cores: os.cpus().length,
        goals: GOALS,
        pages: results,
        axe: axeResults,
      },
      null,
      2,
    ),
  );
  console.log(`\nSummary written to ${path.relative(root, out)}`);
  await cleanUp();
  const missedAny =
    results.some((r) => r.missed.length) || axeResults.some((r) => r.error || r.violations.length);
  process.exit(check && missedAny ? 2 : 0);
} catch (error) {
  console.error(`\n${error instanceof Error ? (error.stack ?? error.message) : error}`);
  await cleanUp();
  process.exit(1);
}
