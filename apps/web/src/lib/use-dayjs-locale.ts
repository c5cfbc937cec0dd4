import { useEffect, useState } from 'react';

/** dayjs month and weekday names for the date picker, loaded with the language that needs them. */
const LOCALES: Record<string, () => Promise<unknown>> = {
  sw: () => import('dayjs/locale/sw'),
  fr: () => import('dayjs/locale/fr'),
  pt: () => import('dayjs/locale/pt'),
  am: () => import('dayjs/locale/am'),
};

export function useDayjsLocale(language: string): string {
  const [loaded, setLoaded] = useState<string[]>(['en']);
  useEffect(() => {
    const load = LOCALES[language];
    if (!load || loaded.includes(language)) return;
    let active = true;
    load()
      .then(() => {
        if (active) setLoaded((prev) => [...prev, language]);
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [language, loaded]);
  return loaded.includes(language) ? language : 'en';
}
