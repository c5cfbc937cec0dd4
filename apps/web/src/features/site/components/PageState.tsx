import { Container, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { StatusMessage } from '../../../components/StatusMessage.tsx';

/** While a marketing page's content loads (a visit that did not start on it), or when it could not. */
export function PageState({ error, onRetry }: { error: boolean; onRetry(): void }) {
  const { t } = useTranslation();
  if (error) {
    return <StatusMessage title={t('errors.loadFailed')} action={{ label: t('retry'), onClick: onRetry }} />;
  }
  return (
    <Container size="lg" py="xl" aria-busy="true">
      <Stack gap="md">
        <Skeleton height={40} width="60%" />
        <Skeleton height={18} width="80%" />
        <Skeleton height={220} />
      </Stack>
    </Container>
  );
}
