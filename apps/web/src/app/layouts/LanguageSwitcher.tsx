import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES, normaliseLanguage } from '../../lib/i18n.ts';
import './amharic-label.css';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('language.label')}
      data-testid="language-switcher"
      size="xs"
      value={normaliseLanguage(i18n.resolvedLanguage) ?? 'en'}
      data={LANGUAGES.map((l) => ({ value: l.code, label: l.label }))}
      onChange={(event) => {
        const code = normaliseLanguage(event.currentTarget.value);
        if (!code) return;
        void changeLanguage(code);
      }}
      w={104}
      // "አማርኛ" is drawn with a 1.4 KB subset: the Ethiopic font loads only when Amharic is chosen.
      styles={{ input: { fontFamily: "'Zabuni Amharic Label', var(--mantine-font-family)" } }}
    />
  );
}
