import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import classes from './LoadingBar.module.css';

/** SPEC §4: the page counts as loading while any request is pending; a thin bar shows it. */
export function LoadingBar() {
  const pending = useIsFetching() + useIsMutating();
  const { t } = useTranslation();
  if (pending === 0) return null;
  return (
    <div className={classes.bar} role="progressbar" aria-label={t('loading')} data-testid="loading-bar" />
  );
}
