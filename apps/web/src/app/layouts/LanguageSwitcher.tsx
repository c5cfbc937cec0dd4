import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES, normaliseLanguage } from '../../lib/i18n.ts';
import './amharic-label.css';
import classes from './LanguageSwitcher.module.css';

/**
 * A plain <select> styled like Mantine's extra-small input: Mantine's NativeSelect would bring its whole
 * Input family (wrapper, label, error, clear button, chevron) into every page's first load (issue 15).
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  return (
    <select
      aria-label={t('language.label')}
      data-testid="language-switcher"
      className={classes.select}
      value={normaliseLanguage(i18n.resolvedLanguage) ?? 'en'}
      onChange={(event) => {
        const code = normaliseLanguage(event.currentTarget.value);
        if (!code) return;
        void changeLanguage(code);
      }}
    >
      {LANGUAGES.map((l) => (
        <option key={l.code} value={l.code}>
          {l.label}
        </option>
      ))}
    </select>
  );
}
