import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults for development', () => {
    const config = loadConfig({});
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

  it('rejects a malformed value with its name', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
