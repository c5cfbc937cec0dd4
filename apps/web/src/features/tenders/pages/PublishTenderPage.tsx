import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PUBLISHING } from '../../../lib/i18n.ts';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { useAuth } from '../../../lib/auth-state.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { publishTender } from '../api/published-tenders.ts';
import { TenderForm } from '../components/form/TenderForm.tsx';
import { emptyTenderForm } from '../components/form/tender-form.ts';

/** SPEC §2 /publish-tender: the advertiser's form; on 201 it goes to the order's checkout (SPEC §4). */
export function Component() {
  const { t } = useTranslation(...PUBLISHING);
  usePageTitle(t('publish.title'));
  const auth = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = auth.user;

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t('publish.title')}
          </Title>
          <Text c="dimmed">{t('publish.lead')}</Text>
          <Anchor component={Link} to="/my-published-tenders" size="sm" w="fit-content">
            {t('mine.title')} →
          </Anchor>
        </Stack>
        <TenderForm
          mode="publish"
          defaultValues={{
            ...emptyTenderForm(),
            first_name: user?.first_name ?? '',
            last_name: user?.last_name ?? '',
            email: user?.email ?? '',
          }}
          submitLabel={t('publish.submit')}
          onSubmit={async (fields, onProgress) => {
            const order = await publishTender(fields, onProgress);
            void queryClient.invalidateQueries({ queryKey: ['tender-alerts', 'my-published-tenders'] });
            toast.success(t('messages.submitted'));
            navigate(`/publish-tender-checkout/${encodeURIComponent(order.tender_alert.code)}`);
          }}
        />
      </Stack>
    </Container>
  );
}
