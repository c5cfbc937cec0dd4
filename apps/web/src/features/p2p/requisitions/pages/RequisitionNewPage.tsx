import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../../lib/use-page-title.ts';
import { BackLink, PageFrame } from '../../../../components/PageFrame.tsx';
import { RequisitionForm } from '../components/RequisitionForm.tsx';

/** `/app/p2p/requisitions/new`: a new requisition, numbered when its draft is first saved. */
export function Component() {
  const { t } = useTranslation('requisitions');
  usePageTitle(t('form.newTitle'));
  return (
    <PageFrame testId="requisition-new-page">
      <BackLink to="/app/p2p/requisitions" label={t('list.title')} />
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('form.newTitle')}
        </Title>
        <Text c="dimmed">{t('form.newLead')}</Text>
      </Stack>
      <RequisitionForm />
    </PageFrame>
  );
}
