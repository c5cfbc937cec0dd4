import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCommon from '../locales/en/common.json';
import enJobs from '../locales/en/jobs.json';
import enAuth from '../locales/en/auth.json';
import enTenders from '../locales/en/tenders.json';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'sw', label: 'Kiswahili' },
  { code: 'fr', label: 'Français' },
  { code: 'pt', label: 'Português' },
  { code: 'am', label: 'አማርኛ' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const FALLBACK_LANGUAGE: LanguageCode = 'en';
const NAMESPACES = ['common', 'jobs', 'auth', 'tenders'] as const;

/** English ships in the first load (it is also the fallback); other languages load when chosen. */
const translations = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*/*.json',
  '!../locales/en/*',
]);

async function loadLanguage(code: LanguageCode) {
  if (code === 'en' || i18next.hasResourceBundle(code, 'auth')) return;
  await Promise.all(
    NAMESPACES.map(async (ns) => {
      const module = await translations[`../locales/${code}/${ns}.json`]!();
      i18next.addResourceBundle(code, ns, module.default, true, true);
    }),
  );
}

const STORAGE_KEY = 'zabuni.language';

/** SPEC bundles "pr" for Portuguese: accept it (and regional tags like "sw-KE") as aliases. */
export function normaliseLanguage(value: string | null | undefined): LanguageCode | null {
  if (!value) return null;
  const base = value.toLowerCase().split(/[-_]/)[0];
  const code = base === 'pr' ? 'pt' : base;
  return LANGUAGES.some((l) => l.code === code) ? (code as LanguageCode) : null;
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
  return (
    normaliseLanguage(stored) ??
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
}

function applyToDocument(code: string) {
  document.documentElement.lang = code;
}

/**
 * Few systems ship an Ethiopic font, and the bundled one loads only when Ethiopic text first appears, so
 * text would flash as empty boxes. Load both weights before Amharic is shown (2 s at most).
 */
async function loadScriptFonts(code: string) {
  if (code !== 'am' || !('fonts' in document)) return;
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

export async function initI18n() {
  const language = initialLanguage();
  await i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: LANGUAGES.map((l) => l.code),
    ns: [...NAMESPACES],
    defaultNS: 'common',
    resources: { en: { common: enCommon, jobs: enJobs, auth: enAuth, tenders: enTenders } },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await Promise.all([loadLanguage(language), loadScriptFonts(language)]);
  if (language !== 'en') await i18next.changeLanguage(language);
  applyToDocument(i18next.language);
  i18next.on('languageChanged', applyToDocument);
  return i18next;
}
