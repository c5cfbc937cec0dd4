import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCommon from '../locales/en/common.json';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'sw', label: 'Kiswahili' },
  { code: 'fr', label: 'Français' },
  { code: 'pt', label: 'Português' },
  { code: 'am', label: 'አማርኛ' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const FALLBACK_LANGUAGE: LanguageCode = 'en';
const NAMESPACES = ['common'] as const;
/**
 * Namespaces of pages that load on demand (payments, subscriptions, the platform under /app): even their
 * English stays out of the first load and arrives with the page's own chunk (see `withNamespaces`).
 */
export const LAZY_NAMESPACES = [
  'contracts',
  'portal-contracts',
  'auth',
  'jobs',
  'tenders',
  'tender-publishing',
  'phone',
  'checkout',
  'subscriptions',
  'platform',
  'requisitions',
  'p2p-setup',
  'p2p-orders',
  'portal',
  'errors',
  'legal',
  'contact',
  'webinars',
  'site',
  'registry',
  'directories',
  'prequalified',
  'tender-alerts',
  'risk',
  'portal-risk',
  'sourcing-rfqs',
  'portal-rfqs',
  'sourcing-prequalifications',
  'portal-prequalifications',
  'sourcing-auctions',
  'portal-auctions',
  'sourcing-tendering',
  'portal-tendering',
  'asset-sales',
] as const;
export type LazyNamespace = (typeof LAZY_NAMESPACES)[number];

/**
 * The tender publishing, moderation and "my tenders" texts, kept apart from the public list's and detail's
 * (issue 15: they were two thirds of the `tenders` namespace those pages load first). Their pages read both.
 */
export const PUBLISHING = [['tender-publishing', 'tenders'], { nsMode: 'fallback' }] as const;

/**
 * English of the first-load namespaces ships in the first load (it is also the fallback); the rest load when
 * needed. The `mail` namespace holds the API's mail texts: the web never shows it, so it is not bundled.
 * Only English's table of files is in the first load: each other language's table (one entry per namespace,
 * some 60 bytes each) arrives with its first text, so that a new namespace costs the first load one entry,
 * not five (issue 15: the table had grown to 16 KB of the entry).
 */
type Texts = { default: Record<string, unknown> };
type Table = Record<string, () => Promise<Texts>>;
const english = import.meta.glob<Texts>([
  '../locales/en/*.json',
  '!../locales/en/mail.json',
  '!../locales/en/common.json',
]);
const otherLanguages: Record<Exclude<LanguageCode, 'en'>, () => Promise<{ translations: Table }>> = {
  sw: () => import('../locales/sw.ts'),
  fr: () => import('../locales/fr.ts'),
  pt: () => import('../locales/pt.ts'),
  am: () => import('../locales/am.ts'),
};

async function textsOf(code: LanguageCode, ns: string): Promise<Texts> {
  if (code === 'en') return english[`../locales/en/${ns}.json`]!();
  const { translations } = await otherLanguages[code]();
  return translations[`./${code}/${ns}.json`]!();
}

/** Lazy namespaces some page has asked for: a language chosen later loads them too. */
const requestedLazy = new Set<LazyNamespace>();

/**
 * The router starts loading the first page while `initI18n` is still running (it is created when the app
 * module loads): namespace loads wait for the language to be settled.
 */
let settled: () => void = () => undefined;
const initialised = new Promise<void>((resolve) => {
  settled = resolve;
});

async function loadBundle(code: LanguageCode, ns: string) {
  if (i18next.hasResourceBundle(code, ns)) return;
  const module = await textsOf(code, ns);
  i18next.addResourceBundle(code, ns, module.default, true, true);
}

async function loadLanguage(code: LanguageCode) {
  const namespaces = code === 'en' ? [...requestedLazy] : [...NAMESPACES, ...requestedLazy];
  await Promise.all(namespaces.map((ns) => loadBundle(code, ns)));
}

/**
 * Loads lazy namespaces in the current language and in English (the fallback) before a page that uses
 * them renders; routes wrap their `lazy` import with it.
 */
export async function loadNamespaces(namespaces: readonly LazyNamespace[]) {
  for (const ns of namespaces) requestedLazy.add(ns);
  await initialised;
  const current = normaliseLanguage(i18next.resolvedLanguage ?? i18next.language) ?? FALLBACK_LANGUAGE;
  const codes = current === FALLBACK_LANGUAGE ? [FALLBACK_LANGUAGE] : [FALLBACK_LANGUAGE, current];
  await Promise.all(codes.flatMap((code) => namespaces.map((ns) => loadBundle(code, ns))));
}

/**
 * The `errors` namespace (the API's message catalogue) in the current language, loaded the first time an
 * answer is an error; nothing to wait for before i18next has started (unit tests).
 */
export async function loadErrorMessages() {
  if (!i18next.isInitialized) return;
  await loadNamespaces(['errors']).catch(() => undefined);
}

/** A route's `lazy` import that resolves once the page's translations are in place too. */
export function withNamespaces<T>(namespaces: readonly LazyNamespace[], load: () => Promise<T>) {
  return () => Promise.all([load(), loadNamespaces(namespaces)]).then(([module]) => module);
}

const STORAGE_KEY = 'zabuni.language';

/** SPEC bundles "pr" for Portuguese: accept it (and regional tags like "sw-KE") as aliases. */
export function normaliseLanguage(value: string | null | undefined): LanguageCode | null {
  if (!value) return null;
  const base = value.toLowerCase().split(/[-_]/)[0];
  const code = base === 'pr' ? 'pt' : base;
  return LANGUAGES.some((l) => l.code === code) ? (code as LanguageCode) : null;
}

/**
 * The language a page is served in, readable by the server too: the switcher's choice is kept in this
 * cookie as well as in local storage (issue 15: public pages are rendered on the server in it).
 */
export const LANGUAGE_COOKIE = 'lang';

/** The language the browser would choose by itself: the address, then the stored choice, then its own. */
export function preferredLanguage(): LanguageCode {
  return initialLanguage();
}

function initialLanguage(): LanguageCode {
  const fromUrl = normaliseLanguage(new URLSearchParams(window.location.search).get('lang'));
  if (fromUrl) return fromUrl;
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage can be blocked (private mode); the browser language still applies.
  }
  // Then the switcher's cookie, which the server rendered the page in: a page whose storage was cleared
  // (or blocked) keeps the language it arrived in instead of switching to the browser's once live.
  const fromCookie = normaliseLanguage(
    document.cookie
      .split('; ')
      .find((part) => part.startsWith(`${LANGUAGE_COOKIE}=`))
      ?.slice(LANGUAGE_COOKIE.length + 1) ?? null,
  );
  return (
    normaliseLanguage(stored) ??
    fromCookie ??
    navigator.languages.map(normaliseLanguage).find((code) => code !== null) ??
    FALLBACK_LANGUAGE
  );
}

export function rememberLanguage(code: LanguageCode) {
  try {
    window.localStorage.setItem(STORAGE_KEY, code);
  } catch {
    // Not fatal: the choice lasts for this page view.
  }
  document.cookie = `${LANGUAGE_COOKIE}=${code}; path=/; max-age=31536000; SameSite=Lax`;
}

function applyToDocument(code: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = code;
}

/**
 * Few systems ship an Ethiopic font, so Noto Sans Ethiopic is bundled; its font faces (75 KB a weight) are
 * declared only when Amharic is chosen, never on an English page (the language switcher draws its one
 * Ethiopic word with a subset of its own). The font would load only when Ethiopic text first appears and
 * text would flash as empty boxes, so both weights are loaded before Amharic is shown (2 s at most).
 */
async function loadScriptFonts(code: string) {
  if (code !== 'am' || typeof document === 'undefined') return;
  await Promise.all([
    import('@fontsource/noto-sans-ethiopic/ethiopic-400.css'),
    import('@fontsource/noto-sans-ethiopic/ethiopic-700.css'),
  ]).catch(() => undefined);
  if (!('fonts' in document)) return;
  const loads = ['400', '700'].map((weight) =>
    document.fonts.load(`${weight} 16px "Noto Sans Ethiopic"`, 'ሀሁ'),
  );
  await Promise.race([Promise.all(loads), new Promise((resolve) => setTimeout(resolve, 2000))]).catch(
    () => undefined,
  );
}

/** Switches the interface language once its script's font is ready. */
export async function changeLanguage(code: LanguageCode) {
  rememberLanguage(code);
  await Promise.all([loadLanguage(code), loadScriptFonts(code)]);
  await i18next.changeLanguage(code);
}

/**
 * Starts i18next in the browser's language, or in `language` when the page was rendered by the server
 * (the first render must use the server's language to hydrate its HTML) and on the server itself.
 */
export async function initI18n(options: { language?: LanguageCode } = {}) {
  const language = options.language ?? initialLanguage();
  await i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: LANGUAGES.map((l) => l.code),
    ns: [...NAMESPACES],
    defaultNS: 'common',
    resources: { en: { common: enCommon } },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await Promise.all([loadLanguage(language), loadScriptFonts(language)]);
  if (language !== 'en') await i18next.changeLanguage(language);
  applyToDocument(i18next.language);
  i18next.on('languageChanged', applyToDocument);
  settled();
  return i18next;
}

/** The server renders any page in any language: every namespace of every language, loaded once. */
export async function loadAllLanguages() {
  const namespaces = [...NAMESPACES, ...LAZY_NAMESPACES];
  await Promise.all(LANGUAGES.flatMap((l) => namespaces.map((ns) => loadBundle(l.code, ns))));
}
