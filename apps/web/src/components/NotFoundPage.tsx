import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StatusMessage } from './StatusMessage.tsx';
import { recordHead } from '../lib/render-context.ts';
import { usePageTitle } from '../lib/use-page-title.ts';
import { StatusIcon } from './Icon.tsx';

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle(t('notFound.title'));
  // Rendered on the server, the page answers 404 whichever route drew it (nothing happens in the browser).
  recordHead({ notFound: true });
  return (
    <Container size="sm" py="xl">
      <StatusMessage
        icon={<StatusIcon name="compass" />}
        title={t('notFound.title')}
        body={t('notFound.body')}
        action={{ label: t('notFound.cta'), onClick: () => navigate('/') }}
      />
    </Container>
  );
}
