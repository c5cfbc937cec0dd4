import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, developmentSecretFile, loadConfig } from './config.ts';

const folders: string[] = [];
/** A data folder of the test's own (a generated secret is written there). */
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'zabuni-config-'));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('has working defaults for development', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('localhost');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.runWorker).toBe(true);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.tenderPortalUrl).toBe('http://localhost:3000/portal');
  });

  it('refuses production without its secrets and lists every problem', () => {
    try {
      loadConfig({ NODE_ENV: 'production' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toContain('JWT_SECRET');
      expect(problems).toContain('DATABASE_URL');
      expect(problems).toContain('PUBLIC_URL');
      expect(problems).toContain('SMTP_URL');
      expect(problems).toContain('MPESA_BASE_URL');
      expect(problems).toContain('DPO_BASE_URL');
    }
  });

  it('accepts a complete production configuration', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      DATABASE_URL: 'postgres://zabuni:secret@db.internal:5432/zabuni',
      PUBLIC_URL: 'https://tenders.example.co.ke/',
      SMTP_URL: 'smtps://mailer:secret@smtp.example.co.ke:465',
      MPESA_BASE_URL: 'https://api.safaricom.co.ke',
      MPESA_CONSUMER_KEY: 'key',
      MPESA_CONSUMER_SECRET: 'secret',
      MPESA_SHORTCODE: '600100',
      MPESA_PASSKEY: 'passkey',
      DPO_BASE_URL: 'https://secure.3gdirectpay.com/API/v6/',
      DPO_PAYMENT_URL: 'https://secure.3gdirectpay.com/payv2.php',
      DPO_COMPANY_TOKEN: 'token',
      DPO_SERVICE_TYPE: '3854',
      PORT: '8080',
      RUN_WORKER: 'false',
    });
    expect(config.isProduction).toBe(true);
    expect(config.publicUrl).toBe('https://tenders.example.co.ke');
    expect(config.port).toBe(8080);
    expect(config.runWorker).toBe(false);
    expect(config.mpesa).toMatchObject({
      simulated: false,
      baseUrl: 'https://api.safaricom.co.ke',
      shortCode: '600100',
    });
  });

  it('without JWT_SECRET, generates a random secret per data folder, keeps it (0600) and reuses it', () => {
    const folder = dataDir();
    const first = loadConfig({ DATA_DIR: folder });
    expect(first.jwtSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.jwtSecret).not.toBe('zabuni-development-secret-not-for-production-use');
    const file = developmentSecretFile(folder);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.jwtSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // A restart (or the worker) reads the same secret; another data folder gets its own.
    expect(loadConfig({ DATA_DIR: folder }).jwtSecret).toBe(first.jwtSecret);
    expect(loadConfig({ DATA_DIR: dataDir() }).jwtSecret).not.toBe(first.jwtSecret);
  });

  it('uses JWT_SECRET when set and writes no file; refuses a damaged secret file', () => {
    const folder = dataDir();
    expect(loadConfig({ DATA_DIR: folder, JWT_SECRET: 's'.repeat(40) }).jwtSecret).toBe('s'.repeat(40));
    expect(() => statSync(developmentSecretFile(folder))).toThrow();
    writeFileSync(developmentSecretFile(folder), 'short\n');
    expect(() => loadConfig({ DATA_DIR: folder })).toThrow(/jwt-secret holds no usable secret/);
  });

  it('keeps the development tools on loopback unless DEV_TOOLS_REMOTE=true', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).devToolsRemote).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), DEV_TOOLS_REMOTE: 'true' }).devToolsRemote).toBe(true);
  });

  it('rejects a malformed value with its name', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
