#!/usr/bin/env node
/* global document, Image -- the functions given to page.evaluate and waitForFunction run in Chromium. */
/**
 * Issue 17: the module pages and the demo tour show the product's own screens, never stock pictures. This
 * script takes them from the real app on the demo data, so they stay current:
 *
 *   npm run screenshots:site                       # starts the built app (apps/api/dist/main.js) on a fresh
 *                                                  # embedded database seeded with the demo data
 *   npm run screenshots:site -- --url http://127.0.0.1:3000   # or uses an app already running on demo data
 *
 * It signs in as the demo users (password zabuni-demo-2026: requester@, buyer@, finance@ and supplier@
 * zabuni.example), opens each screen at 1280×800 in English, and writes it as WebP (about 1120 px wide, the
 * width the page shows it at) into apps/web/public/site/screens/<name>.webp, and 720 px wide for phones
 * (<name>-720.webp, the srcset), with the sizes in
 * apps/web/src/features/site/screens/screens.json (the pages set width and height from it). The names are
 * SITE_SCREENS of packages/contracts/src/marketing.ts. Rebuild the web app afterwards to ship them.
 * WEB_DIST_DIR (the built web app to serve) and CHROMIUM_PATH are taken from the environment.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = path.join(root, 'apps/web/public/site/screens');
const manifest = path.join(root, 'apps/web/src/features/site/screens/screens.json');
const PASSWORD = 'zabuni-demo-2026';
const WIDTH = 1120;
const SMALL_WIDTH = 720;
const VIEWPORT = { width: 1280, height: 800 };

/** Each screen: who signs in, where to go, and (optionally) which link on that page to follow. */
const SCREENS = [
  { name: 'requisitions', user: 'requester', path: '/app/p2p/requisitions' },
  {
    name: 'requisition',
    user: 'requester',
    path: '/app/p2p/requisitions',
    follow: 'main a[href^="/app/p2p/requisitions/"]:not([href$="/new"])',
  },
  { name: 'approvals', user: 'buyer', path: '/app/p2p/approvals' },
  { name: 'budgets', user: 'buyer', path: '/app/p2p/budgets' },
  { name: 'orders', user: 'buyer', path: '/app/p2p/purchase-orders' },
  {
    // Goods receipt: an order delivered in part, with its receipts.
    name: 'order',
    user: 'buyer',
    path: '/app/p2p/purchase-orders',
    follow: 'main a[href^="/app/p2p/purchase-orders/"]:not([href$="/new"])',
    row: 'Partially received',
  },
  { name: 'invoices', user: 'finance', path: '/app/p2p/invoices' },
  { name: 'matching', user: 'buyer', path: '/app/p2p/matching-settings' },
  { name: 'reports', user: 'buyer', path: '/app/p2p/reports' },
  { name: 'portal-orders', user: 'supplier', path: '/portal/purchase-orders' },
  { name: 'portal-statement', user: 'supplier', path: '/portal/statement' },
];

function argument(name) {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function startApp() {
  const entry = path.join(root, 'apps/api/dist/main.js');
  if (!existsSync(entry)) throw new Error('Build the app first (npm run build), or pass --url.');
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'zabuni-screens-'));
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  // The embedded database in a folder of its own (never another process's DATABASE_URL or .data/).
  const { DATABASE_URL: _unused, ...inherited } = process.env;
  const server = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...inherited,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (chunk) => (output += chunk));
  server.stderr.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The app exited (${server.exitCode}):\n${output}`);
    const healthy = await fetch(`${url}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if (Date.now() >= deadline) throw new Error(`The app did not start within 3 minutes:\n${output}`);
  return {
    url,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', resolve)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function chromiumPath() {
  return [
    process.env.CHROMIUM_PATH,
    '/usr/lib/chromium/chromium',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ].find((candidate) => candidate && existsSync(candidate));
}

/** Until the page has its data: no skeleton or busy region left, no request in flight, fonts ready. */
async function settle(page) {
  await page.waitForLoadState('networkidle');
  await page
    .waitForFunction(
      () =>
        !document.querySelector('[aria-busy="true"], .mantine-Skeleton-root, .mantine-Loader-root') &&
        document.fonts.status === 'loaded',
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => undefined);
  await page.waitForTimeout(300);
}

/** The PNG Chromium took, scaled to `width` and encoded as WebP by Chromium itself (no image library needed). */
async function toWebp(page, png, width) {
  const dataUrl = `data:image/png;base64,${png.toString('base64')}`;
  const result = await page.evaluate(
    async ({ dataUrl, width }) => {
      const image = new Image();
      image.src = dataUrl;
      await image.decode();
      const height = Math.round((image.height * width) / image.width);
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      context.imageSmoothingQuality = 'high';
      context.drawImage(image, 0, 0, width, height);
      return { webp: canvas.toDataURL('image/webp', 0.82), width, height };
    },
    { dataUrl, width },
  );
  if (!result.webp.startsWith('data:image/webp')) throw new Error('This Chromium cannot encode WebP');
  return { ...result, bytes: Buffer.from(result.webp.split(',')[1], 'base64') };
}

async function signIn(page, url, user) {
  await page.goto(`${url}/login`, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => document.documentElement.dataset.live === 'true').catch(() => undefined);
  const form = page.getByTestId('sign-in-form');
  await form.getByLabel('Email or username').fill(`${user}@zabuni.example`);
  await form.locator('input[autocomplete="current-password"]').fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((address) => address.pathname !== '/login', { timeout: 20_000 });
}

/** The demo orders are Harambee's: the supplier's portal switches to that buyer when it opens on another. */
async function portalFor(page, url, buyer) {
  await page.goto(`${url}/portal/purchase-orders`, { waitUntil: 'networkidle' });
  const current = page.getByTestId('current-buyer').first();
  await current.waitFor();
  if ((await current.innerText()).includes(buyer)) return;
  await page.getByTestId('buyer-switcher').first().click();
  await page.getByTestId('buyer-option').filter({ hasText: buyer }).first().click();
  await page.waitForFunction(
    (name) => document.querySelector('[data-testid="current-buyer"]')?.textContent?.includes(name),
    buyer,
  );
  await settle(page);
}

async function main() {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('Chromium not found: sudo apt-get install -y chromium');
  const given = argument('url');
  const app = given ? { url: given.replace(/\/$/, ''), stop: async () => {} } : await startApp();
  // Interrupted: the app started here and its database go too.
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.once(signal, () => void app.stop().finally(() => process.exit(130)));
  const browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox'] });
  mkdirSync(outDir, { recursive: true });
  const sizes = {};
  try {
    const byUser = new Map();
    for (const screen of SCREENS) byUser.set(screen.user, [...(byUser.get(screen.user) ?? []), screen]);
    for (const [user, screens] of byUser) {
      const context = await browser.newContext({
        viewport: VIEWPORT,
        locale: 'en-GB',
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      await signIn(page, app.url, user);
      if (user === 'supplier') await portalFor(page, app.url, 'Harambee');
      for (const screen of screens) {
        await page.goto(`${app.url}${screen.path}`, { waitUntil: 'networkidle' });
        await settle(page);
        if (screen.follow) {
          const link = screen.row
            ? page
                .locator('main tr', { hasText: screen.row })
                .first()
                .locator(screen.follow.replace(/^main /, ''))
            : page.locator(screen.follow);
          await link.first().click();
          await page.waitForURL((address) => address.pathname !== screen.path);
          await settle(page);
        }
        const png = await page.screenshot({ type: 'png' });
        const { bytes, width, height } = await toWebp(page, png, WIDTH);
        writeFileSync(path.join(outDir, `${screen.name}.webp`), bytes);
        // A smaller copy for phones (srcset): a 390-412 px screen at 1.75-2x needs about 720 px.
        const small = await toWebp(page, png, SMALL_WIDTH);
        writeFileSync(path.join(outDir, `${screen.name}-${SMALL_WIDTH}.webp`), small.bytes);
        sizes[screen.name] = { width, height };
        console.log(
          `${screen.name}: ${new URL(page.url()).pathname} → ${(bytes.length / 1024).toFixed(0)} KB, ` +
            `${SMALL_WIDTH} px ${(small.bytes.length / 1024).toFixed(0)} KB`,
        );
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await app.stop();
  }
  const ordered = Object.fromEntries(SCREENS.map(({ name }) => [name, sizes[name]]));
  writeFileSync(manifest, `${JSON.stringify(ordered, null, 2)}\n`);
  console.log(
    `${SCREENS.length} screens in ${path.relative(root, outDir)}; sizes in ${path.relative(root, manifest)}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
