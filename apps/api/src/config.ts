import path from 'node:path';
import { z } from 'zod';
import { readOrCreateSecretFile } from './infra/crypto.ts';
import { DEFAULT_SITE_CONTENT_DIR, DEFAULT_WEB_DIST_DIR } from './infra/paths.ts';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Safaricom's public sandbox values (PAYMENT-PROTOCOLS.md), used by the built-in simulator. */
const SANDBOX_SHORTCODE = '174379';
const SANDBOX_PASSKEY = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';

/** Every setting Zabuni reads from the environment. The README's configuration table mirrors this schema. */
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('localhost'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    DATA_DIR: z.string().min(1).default('.data'),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    JWT_SECRET: z.string().optional(),
    DEV_TOOLS_REMOTE: booleanString.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    RUN_WORKER: booleanString.default(true),
    SEED_DEMO: z.enum(['auto', 'true', 'false']).default('auto'),
    DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    LIST_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
    TENDER_PORTAL_URL: z.url().optional(),
    SUPPORT_EMAIL: z.email().default('support@zabuni.africa'),
    SUPPORT_PHONE: z.string().min(3).default('+254 20 765 0000'),
    WEB_DIST_DIR: z.string().optional(),
    SITE_CONTENT_DIR: z.string().optional(),
    /** OCDS ocid prefix (issue 21): the one the Open Contracting Partnership registered for the publisher. */
    OCDS_OCID_PREFIX: z
      .string()
      .regex(/^ocds-[a-z0-9]{1,20}$/)
      .default('ocds-zabuni'),
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    MAIL_FROM: z.string().min(3).default('Zabuni <no-reply@zabuni.africa>'),
    TRUST_PROXY: z.string().default('false'),
    S3_BUCKET: z.string().min(3).optional(),
    S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanString.default(false),
    MPESA_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    MPESA_CONSUMER_KEY: z.string().min(1).optional(),
    MPESA_CONSUMER_SECRET: z.string().min(1).optional(),
    MPESA_SHORTCODE: z
      .string()
      .regex(/^\d{5,7}$/, { error: 'must be 5 to 7 digits' })
      .optional(),
    MPESA_PASSKEY: z.string().min(1).optional(),
    MPESA_TRANSACTION_TYPE: z
      .enum(['CustomerPayBillOnline', 'CustomerBuyGoodsOnline'])
      .default('CustomerPayBillOnline'),
    MPESA_PARTY_B: z.string().optional(),
    DPO_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    DPO_PAYMENT_URL: z.url({ protocol: /^https?$/ }).optional(),
    DPO_COMPANY_TOKEN: z.string().min(1).optional(),
    DPO_SERVICE_TYPE: z.string().min(1).optional(),
    KRA_PIN_CHECKER_URL: z.url({ protocol: /^https?$/ }).optional(),
    KRA_CONSUMER_KEY: z.string().min(1).optional(),
    KRA_CONSUMER_SECRET: z.string().min(1).optional(),
    PAYMENT_PENDING_EXPIRY_MINUTES: z.coerce.number().int().min(2).max(1440).default(15),
    TENDER_ALERT_DIGEST_DAY: z
      .enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'])
      .default('monday'),
    TENDER_ALERT_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(7),
  })
  .superRefine((env, ctx) => {
    if (env.MPESA_BASE_URL) {
      for (const name of [
        'MPESA_CONSUMER_KEY',
        'MPESA_CONSUMER_SECRET',
        'MPESA_SHORTCODE',
        'MPESA_PASSKEY',
      ] as const) {
        if (!env[name])
          ctx.addIssue({ code: 'custom', path: [name], message: 'is required when MPESA_BASE_URL is set' });
      }
    }
    if (env.KRA_PIN_CHECKER_URL) {
      for (const name of ['KRA_CONSUMER_KEY', 'KRA_CONSUMER_SECRET'] as const) {
        if (!env[name])
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'is required when KRA_PIN_CHECKER_URL is set',
          });
      }
    }
    if (env.DPO_BASE_URL) {
      for (const name of ['DPO_PAYMENT_URL', 'DPO_COMPANY_TOKEN', 'DPO_SERVICE_TYPE'] as const) {
        if (!env[name])
          ctx.addIssue({ code: 'custom', path: [name], message: 'is required when DPO_BASE_URL is set' });
      }
    }
    if (env.S3_BUCKET && (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_ACCESS_KEY_ID'],
        message: 'and S3_SECRET_ACCESS_KEY are required when S3_BUCKET is set',
      });
    }
    if (env.NODE_ENV !== 'production') return;
    if (!env.JWT_SECRET || env.JWT_SECRET.length < 32) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'is required in production and must be at least 32 characters',
      });
    }
    if (!env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_URL'],
        message: 'is required in production (the embedded PostgreSQL is for development)',
      });
    }
    if (!env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'is required in production (activation and reset mails must reach people)',
      });
    }
    if (!env.MPESA_BASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['MPESA_BASE_URL'],
        message: 'is required in production (without it payments would go to the built-in simulator)',
      });
    }
    if (!env.DPO_BASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DPO_BASE_URL'],
        message: 'is required in production (without it card payments would go to the built-in simulator)',
      });
    }
    if (!env.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'is required in production (links in mails and payment callbacks use it)',
      });
    }
  });

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** How long a public list answer (jobs, tenders) is shared between visitors; 0 turns the cache off. */
  listCacheTtlMs: number;
  dataDir: string;
  publicUrl: string;
  jwtSecret: string;
  /**
   * The development mailbox and the payment simulators answer other addresses than loopback
   * (DEV_TOOLS_REMOTE=true); by default only requests from this computer.
   */
  devToolsRemote: boolean;
  logLevel: string;
  runWorker: boolean;
  seedDemo: 'auto' | 'true' | 'false';
  dbPoolMax: number;
  tenderPortalUrl: string;
  supportEmail: string;
  supportPhone: string;
  webDistDir: string;
  /** The marketing pages' texts, one JSON file per language (issue 17): edited without a release. */
  siteContentDir: string;
  /** OCDS ocid prefix, e.g. `ocds-zabuni` (issue 21). */
  ocdsOcidPrefix: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Fastify's trustProxy: false, true, or the proxy addresses/CIDRs to trust (comma-separated). */
  trustProxy: boolean | string;
  /**
   * Daraja (M-Pesa STK push). Without MPESA_BASE_URL the built-in simulator at PUBLIC_URL/sim/mpesa is used
   * with Safaricom's public sandbox short code and passkey.
   */
  mpesa: {
    simulated: boolean;
    baseUrl: string;
    consumerKey: string;
    consumerSecret: string;
    shortCode: string;
    passkey: string;
    transactionType: 'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline';
    partyB: string | undefined;
  };
  /** DPO Pay (hosted card page). Without DPO_BASE_URL the built-in simulator at PUBLIC_URL/sim/dpo is used. */
  dpo: { simulated: boolean; apiUrl: string; paymentUrl: string; companyToken: string; serviceType: string };
  /**
   * KRA's PIN checker (supplier self-registration). Without KRA_PIN_CHECKER_URL: outside production the
   * built-in simulator at PUBLIC_URL/sim/kra; in production no checker (every registration goes to review).
   */
  pinChecker: { simulated: boolean; baseUrl: string | null; consumerKey: string; consumerSecret: string };
  /** An unanswered payment prompt is given up after this many minutes. */
  paymentPendingExpiryMinutes: number;
  /** When the weekly tender-alert digest goes out: ISO weekday (1 Monday) and hour, on Nairobi's clock. */
  tenderAlertDigest: { weekday: number; hour: number };
  /** Where uploaded files live: an S3-compatible bucket when configured, else `DATA_DIR/files`. */
  files:
    | { kind: 'local'; dir: string }
    | {
        kind: 's3';
        bucket: string;
        endpoint: string | undefined;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
        forcePathStyle: boolean;
      };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The file that holds the generated development secret. */
export const developmentSecretFile = (dataDir: string) => path.join(dataDir, 'jwt-secret');

function developmentSecret(dataDir: string): string {
  try {
    return readOrCreateSecretFile(developmentSecretFile(dataDir));
  } catch (error) {
    throw new ConfigError([`JWT_SECRET is unset and ${(error as Error).message}`]);
  }
}

/** Parses the environment once at start; throws ConfigError listing everything that is wrong. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings count as unset, as they do for most deploy tools' env files.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`));
  }
  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    dataDir,
    publicUrl,
    // Outside production without JWT_SECRET: a random secret generated once per data folder and kept there
    // (DATA_DIR/jwt-secret, mode 0600), so sessions survive restarts and nobody can know it from the source.
    jwtSecret: env.JWT_SECRET ?? developmentSecret(dataDir),
    devToolsRemote: env.DEV_TOOLS_REMOTE,
    logLevel: env.LOG_LEVEL,
    runWorker: env.RUN_WORKER,
    seedDemo: env.SEED_DEMO,
    dbPoolMax: env.DB_POOL_MAX,
    listCacheTtlMs: env.LIST_CACHE_TTL_MS,
    tenderPortalUrl: env.TENDER_PORTAL_URL ?? `${publicUrl}/portal`,
    supportEmail: env.SUPPORT_EMAIL,
    supportPhone: env.SUPPORT_PHONE,
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : DEFAULT_WEB_DIST_DIR,
    siteContentDir: env.SITE_CONTENT_DIR ? path.resolve(env.SITE_CONTENT_DIR) : DEFAULT_SITE_CONTENT_DIR,
    ocdsOcidPrefix: env.OCDS_OCID_PREFIX,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    tenderAlertDigest: {
      weekday:
        ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].indexOf(
          env.TENDER_ALERT_DIGEST_DAY,
        ) + 1,
      hour: env.TENDER_ALERT_DIGEST_HOUR,
    },
    trustProxy: env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY === 'false' ? false : env.TRUST_PROXY,
    mpesa: env.MPESA_BASE_URL
      ? {
          simulated: false,
          baseUrl: env.MPESA_BASE_URL.replace(/\/+$/, ''),
          consumerKey: env.MPESA_CONSUMER_KEY ?? '',
          consumerSecret: env.MPESA_CONSUMER_SECRET ?? '',
          shortCode: env.MPESA_SHORTCODE ?? '',
          passkey: env.MPESA_PASSKEY ?? '',
          transactionType: env.MPESA_TRANSACTION_TYPE,
          partyB: env.MPESA_PARTY_B,
        }
      : {
          simulated: true,
          baseUrl: `${publicUrl}/sim/mpesa`,
          consumerKey: 'zabuni-simulator',
          consumerSecret: 'zabuni-simulator-secret',
          shortCode: SANDBOX_SHORTCODE,
          passkey: SANDBOX_PASSKEY,
          transactionType: env.MPESA_TRANSACTION_TYPE,
          partyB: env.MPESA_PARTY_B,
        },
    paymentPendingExpiryMinutes: env.PAYMENT_PENDING_EXPIRY_MINUTES,
    pinChecker: env.KRA_PIN_CHECKER_URL
      ? {
          simulated: false,
          baseUrl: env.KRA_PIN_CHECKER_URL.replace(/\/+$/, ''),
          consumerKey: env.KRA_CONSUMER_KEY ?? '',
          consumerSecret: env.KRA_CONSUMER_SECRET ?? '',
        }
      : env.NODE_ENV === 'production'
        ? { simulated: false, baseUrl: null, consumerKey: '', consumerSecret: '' }
        : {
            simulated: true,
            baseUrl: `${publicUrl}/sim/kra`,
            consumerKey: 'zabuni-simulator',
            consumerSecret: 'zabuni-simulator-secret',
          },
    dpo: env.DPO_BASE_URL
      ? {
          simulated: false,
          apiUrl: env.DPO_BASE_URL,
          paymentUrl: env.DPO_PAYMENT_URL ?? '',
          companyToken: env.DPO_COMPANY_TOKEN ?? '',
          serviceType: env.DPO_SERVICE_TYPE ?? '',
        }
      : {
          simulated: true,
          apiUrl: `${publicUrl}/sim/dpo/API/v6/`,
          paymentUrl: `${publicUrl}/sim/dpo/payv2.php`,
          companyToken: 'ZABUNI-SIMULATOR-COMPANY-TOKEN',
          serviceType: '3854',
        },
    files: env.S3_BUCKET
      ? {
          kind: 's3',
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        }
      : { kind: 'local', dir: path.join(dataDir, 'files') },
  };
}
