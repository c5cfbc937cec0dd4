import {
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Inquiry, InquiryStatus } from '@zabuni/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ModerationNav } from '../../../components/ModerationNav.tsx';
import { OperatorList, useStatusTabs } from '../../../components/OperatorList.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { formatDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { INQUIRY_PAGE_SIZE, inquiriesApi, inquiriesQuery, inquiryQuery } from '../api/inquiries.ts';

const TABS: readonly [InquiryStatus, ...InquiryStatus[]] = ['new', 'answered', 'spam'];

/**
 * The operator's inquiries (moderator): read, answer by mail, mark spam or back to new. `/:id` (the link in
 * support's mail) shows that one inquiry.
 */
export function Component() {
  const id = Number(useParams().id);
  return Number.isInteger(id) && id > 0 ? <OneInquiry id={id} /> : <InquiryList />;
}

function OneInquiry({ id }: { id: number }) {
  const { t } = useTranslation('contact');
  usePageTitle(t('admin.title'));
  const inquiry = useQuery(inquiryQuery(id));
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <ModerationNav />
        <Anchor component={Link} to="/moderation/inquiries" size="sm" w="fit-content">
          ← {t('admin.all')}
        </Anchor>
        {inquiry.isPending ? (
          <Skeleton height={160} radius="md" />
        ) : inquiry.isError ? (
          <StatusMessage title={t('errors.loadFailed', { ns: 'common' })} body={inquiry.error.message} />
        ) : (
          <InquiryItem inquiry={inquiry.data} />
        )}
      </Stack>
    </Container>
  );
}

function InquiryList() {
  const { t } = useTranslation('contact');
  const { status, page, setStatus, setPage } = useStatusTabs(TABS);
  const list = useQuery(inquiriesQuery(status, page));
  return (
    <OperatorList
      title={t('admin.title')}
      tabs={{
        value: status,
        options: TABS.map((tab) => ({ value: tab, label: t(`admin.tabs.${tab}`) })),
        onChange: setStatus,
      }}
      list={list}
      page={page}
      pageSize={INQUIRY_PAGE_SIZE}
      onPageChange={setPage}
      empty={t('admin.empty')}
    >
      {(rows) => rows.map((inquiry) => <InquiryItem key={inquiry.id} inquiry={inquiry} />)}
    </OperatorList>
  );
}

function InquiryItem({ inquiry }: { inquiry: Inquiry }) {
  const { t, i18n } = useTranslation('contact');
  const language = i18n.resolvedLanguage ?? 'en';
  const queryClient = useQueryClient();
  const [answering, setAnswering] = useState(false);
  const [answer, setAnswer] = useState('');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['core', 'moderation', 'inquiries'] });
  const send = useMutation({
    mutationFn: () => inquiriesApi.answer(inquiry.id, answer),
    onSuccess: () => {
      toast.success(t('admin.done.answer', { email: inquiry.email }));
      setAnswering(false);
      setAnswer('');
      refresh();
    },
  });
  const mark = useMutation({
    mutationFn: (status: 'new' | 'spam') => inquiriesApi.setStatus(inquiry.id, status),
    onSuccess: (_, status) => {
      toast.success(t(`admin.done.${status}`));
      refresh();
    },
  });
  return (
    <Paper withBorder radius="md" p="md" data-testid="inquiry-item">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={0}>
            <Text fw={600}>
              {inquiry.contact_name} · {inquiry.company_name}
            </Text>
            <Text size="sm" c="dimmed">
              {inquiry.email} · {inquiry.phone_number}
            </Text>
          </Stack>
          <Group gap={6}>
            <Badge variant="light" color="gray" tt="none">
              {inquiry.language.toUpperCase()}
            </Badge>
            <Text size="xs" c="dimmed">
              {t('admin.received', { date: formatDate(inquiry.created_at, language, true) })}
            </Text>
          </Group>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {inquiry.message}
        </Text>
        {inquiry.answer && (
          <Paper bg="gray.0" p="sm" radius="sm">
            <Text size="xs" c="dimmed" mb={4}>
              {t('admin.answeredBy', {
                name: inquiry.answered_by ?? '',
                date: inquiry.answered_at ? formatDate(inquiry.answered_at, language, true) : '',
              })}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {inquiry.answer}
            </Text>
          </Paper>
        )}
        {answering && (
          <Textarea
            label={t('admin.answerLabel', { email: inquiry.email })}
            autosize
            minRows={4}
            value={answer}
            onChange={(event) => setAnswer(event.currentTarget.value)}
            data-autofocus
          />
        )}
        <Group gap="xs">
          {answering ? (
            <Button
              size="xs"
              loading={send.isPending}
              disabled={!answer.trim()}
              onClick={() => send.mutate()}
            >
              {t('admin.send')}
            </Button>
          ) : (
            inquiry.status !== 'spam' && (
              <Button size="xs" variant="light" onClick={() => setAnswering(true)}>
                {t('admin.answer')}
              </Button>
            )
          )}
          {inquiry.status === 'new' && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              loading={mark.isPending}
              onClick={() => mark.mutate('spam')}
            >
              {t('admin.markSpam')}
            </Button>
          )}
          {inquiry.status === 'spam' && (
            <Button size="xs" variant="subtle" loading={mark.isPending} onClick={() => mark.mutate('new')}>
              {t('admin.markNew')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
