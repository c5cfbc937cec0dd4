import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { StatusIcon } from '../../../components/Icon.tsx';

/** Footer and menu links whose pages arrive with later releases land here, never on a broken link. */
export function ComingSoonPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = t(titleKey);
  usePageTitle(title);
  return (
    <Container size="sm" py="xl">
      <StatusMessage
        icon={<StatusIcon name="works" />}
        title={`${title}: ${t('comingSoon.title')}`}
        body={t('comingSoon.body')}
        action={{ label: t('comingSoon.cta'), onClick: () => navigate('/jobs') }}
      />
    </Container>
  );
}
