import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './TenderContent.module.css';

/**
 * The tender's About text. The API sanitises it on the way in with an allow-list (ARCHITECTURE §9), so it
 * is rendered as HTML here, inside a container that styles the allowed tags.
 */
export function TenderContent({ html }: { html: string }) {
  const { t } = useTranslation('tenders');
  if (!html.trim()) {
    return (
      <Text size="sm" c="dimmed">
        {t('detail.noContent')}
      </Text>
    );
  }
  return (
    <div
      className={classes.content}
      dangerouslySetInnerHTML={{ __html: html }}
      data-testid="tender-content"
    />
  );
}
