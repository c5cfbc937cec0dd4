import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** The one command that installs what the end-to-end tests need (Debian/Ubuntu). */
export const INSTALL_CHROMIUM = 'sudo apt-get install -y chromium';

const CANDIDATES = [
  process.env.CHROMIUM_PATH,
  // The real binary: the /usr/bin/chromium wrapper script prints a harmless but noisy shell error.
  '/usr/lib/chromium/chromium',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];

export function findChromium(): string | null {
  return CANDIDATES.find((path): path is string => Boolean(path && existsSync(path))) ?? null;
}

export const chromiumPath = findChromium();

/** On CI a missing browser is a failure, never a skip. */
if (!chromiumPath && process.env.CI === 'true') {
  throw new Error(`Chromium is required on CI for the end-to-end tests: ${INSTALL_CHROMIUM}`);
}

export async function launchBrowser(): Promise<Browser> {
  if (!chromiumPath) throw new Error(`Chromium not found: ${INSTALL_CHROMIUM}`);
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
