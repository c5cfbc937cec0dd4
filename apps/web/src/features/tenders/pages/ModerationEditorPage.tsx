import { Anchor, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ModerationTender } from '@zabuni/contracts';
import { useTranslation } from 'react-i18next';
import { PUBLISHING } from '../../../lib/i18n.ts';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { useAuth } from '../../../lib/auth-state.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { isNotFound } from '../api/available-tenders.ts';
import { moderationApi, useModerationTender } from '../api/moderation.ts';
import { TenderForm } from '../components/form/TenderForm.tsx';
import { closingParts, emptyTenderForm, type TenderFormValues } from '../components/form/tender-form.ts';
import { sectorParam } from './url-params.ts';

interface Contact {
  first_name: string;
  last_name: string;
  email: string;
}

/**
 * Tenders the editors post carry no contact of their own (the API keeps contacts on advertisers' orders),
 * yet the form requires one: the moderator's own details stand in.
 */
function valuesOf(tender: ModerationTender, fallback: Contact): TenderFormValues {
  const closing = closingParts(tender.closing_date);
  const [first = '', ...rest] = (tender.contact_name ?? '').split(' ');
  const contact = tender.contact_name
    ? { first_name: first, last_name: rest.join(' '), email: tender.email ?? '' }
    : fallback;
  return {
    ...emptyTenderForm(),
    ...contact,
    tender_title: tender.title,
    company: tender.company,
    closing_day: closing.day,
    closing_time: closing.time,
    sector: sectorParam(tender.sector) ?? null,
    job_type: tender.job_type,
    category: tender.category?.id,
    country: tender.country.id,
    phone_number: tender.phone_number ?? '',
    tender_details: tender.content,
  };
}

/** /moderation/tenders/new and /moderation/tenders/:id/edit: the publish form plus the company. */
export function Component() {
  const { t } = useTranslation(...PUBLISHING);
  const id = Number(useParams().id);
  const editing = Number.isInteger(id) && id > 0;
  usePageTitle(editing ? t('moderation.editTitle') : t('moderation.newTitle'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const tender = useModerationTender(editing ? id : 0);
  const { user } = useAuth();
  const me: Contact = {
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    email: user?.email ?? '',
  };

  const done = (saved: ModerationTender, message: string) => {
    void queryClient.invalidateQueries({ queryKey: ['tender-alerts'] });
    toast.success(message);
    navigate(`/moderation/tenders?review=${saved.review ?? 'published'}`);
  };

  let body;
  if (!editing) {
    body = (
      <TenderForm
        mode="editor"
        defaultValues={{ ...emptyTenderForm(), ...me }}
        submitLabel={t('moderation.publishNow')}
        onSubmit={async (fields, onProgress) =>
          done(await moderationApi.create(fields, onProgress), t('moderation.done.created'))
        }
      />
    );
  } else if (tender.isError) {
    body = (
      <StatusMessage
        title={
          isNotFound(tender.error) ? t('detail.notFound.title') : t('errors.loadFailed', { ns: 'common' })
        }
        body={isNotFound(tender.error) ? undefined : tender.error.message}
        action={{ label: t('moderation.title'), onClick: () => navigate('/moderation/tenders') }}
      />
    );
  } else if (!tender.data) {
    body = <Skeleton height={600} radius="md" />;
  } else {
    const data = tender.data;
    body = (
      <TenderForm
        key={data.id}
        mode="editor"
        defaultValues={valuesOf(data, me)}
        categoryOption={
          data.category ? { value: String(data.category.id), label: data.category.name } : undefined
        }
        attached={data.attachments}
        submitLabel={t('moderation.save')}
        onSubmit={async (fields, onProgress) =>
          done(await moderationApi.update(data.id, fields, onProgress), t('moderation.done.saved'))
        }
      />
    );
  }

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/moderation/tenders" size="sm" w="fit-content">
          ← {t('moderation.title')}
        </Anchor>
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            {editing ? t('moderation.editTitle') : t('moderation.newTitle')}
          </Title>
          <Text c="dimmed">{editing ? t('moderation.editLead') : t('moderation.newLead')}</Text>
        </Stack>
        {body}
      </Stack>
    </Container>
  );
}
