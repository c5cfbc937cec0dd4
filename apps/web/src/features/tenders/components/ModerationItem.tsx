import {
  Anchor,
  Badge,
  Button,
  Collapse,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { ModerationTender } from '@zabuni/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PUBLISHING } from '../../../lib/i18n.ts';
import { Link } from 'react-router';
import { CountryFlag } from '../../../components/CountryFlag.tsx';
import { countryName, formatDate } from '../../../lib/format.ts';
import { AttachmentList } from '../../../components/AttachmentList.tsx';
import { ClosingDate } from '../../../components/ClosingDate.tsx';
import { PaymentBadge, TenderStatusBadge } from './StatusBadges.tsx';
import { TenderContent } from './TenderContent.tsx';

export type ModerationAction = 'approve' | 'reject' | 'cancel';

interface Props {
  tender: ModerationTender;
  busy: boolean;
  onAction(action: ModerationAction, tender: ModerationTender): void;
}

/** One tender in the review queue: who sent it, its payment, a preview of what would be published, actions. */
export function ModerationItem({ tender, busy, onAction }: Props) {
  const { t, i18n } = useTranslation(...PUBLISHING);
  const language = i18n.resolvedLanguage ?? 'en';
  const [open, setOpen] = useState(false);
  const previewId = `preview-${tender.id}`;
  const country = countryName(tender.country.iso2, tender.country.name, language);

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="article"
      data-testid="moderation-item"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} style={{ minWidth: 0, flex: '1 1 300px' }}>
            <Group gap={6}>
              <Badge variant="light" color="brand" radius="sm" size="sm" tt="none">
                {t(`jobType.${tender.job_type}`)}
              </Badge>
              <TenderStatusBadge status={tender.status} />
              {tender.payment_status !== null ? (
                <PaymentBadge status={tender.payment_status} />
              ) : (
                <Badge variant="outline" color="gray" radius="sm" size="sm">
                  {t('moderation.noPayment')}
                </Badge>
              )}
            </Group>
            <Title order={3} fz="md" lh={1.35} style={{ overflowWrap: 'anywhere' }}>
              {tender.title}
            </Title>
            <Text size="sm" c="dimmed">
              {tender.company}
            </Text>
          </Stack>
          <Text size="xs" c="dimmed">
            {t('moderation.submitted', { date: formatDate(tender.submitted_at, language, true) })}
          </Text>
        </Group>

        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs" verticalSpacing={6}>
          <div>
            <Text size="xs" c="dimmed">
              {t('moderation.advertiser')}
            </Text>
            <Text size="sm">{tender.advertiser ?? t('moderation.byEditors')}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t('moderation.contact')}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {[tender.contact_name, tender.email, tender.phone_number].filter(Boolean).join(' · ') || '—'}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t('info.closingDate')}
            </Text>
            <Text size="sm">
              <ClosingDate value={tender.closing_date} />
            </Text>
          </div>
        </SimpleGrid>

        {tender.review === 'rejected' && tender.rejection_reason && (
          <Text size="sm" c="red.8" data-testid="rejection-reason">
            {t('mine.reason', { reason: tender.rejection_reason })}
          </Text>
        )}

        <Collapse expanded={open} id={previewId}>
          <Divider mb="sm" />
          <Stack gap="md" data-testid="moderation-preview">
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
              <div>
                <Text size="xs" c="dimmed">
                  {t('info.sector')}
                </Text>
                <Text size="sm">
                  {tender.sector ? t(`sector.${tender.sector}`, { defaultValue: tender.sector }) : '—'}
                </Text>
              </div>
              <div>
                <Text size="xs" c="dimmed">
                  {t('info.category')}
                </Text>
                <Text size="sm">{tender.category?.name ?? '—'}</Text>
              </div>
              <div>
                <Text size="xs" c="dimmed">
                  {t('info.country')}
                </Text>
                <Group gap={6} wrap="nowrap">
                  <CountryFlag src={tender.country.flag} name="" size={12} />
                  <Text size="sm">{country}</Text>
                </Group>
              </div>
              <div>
                <Text size="xs" c="dimmed">
                  {t('moderation.code')}
                </Text>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {tender.code ?? '—'}
                </Text>
              </div>
            </SimpleGrid>
            <Paper withBorder radius="sm" p="md" bg="gray.0">
              <TenderContent html={tender.content} />
            </Paper>
            <div>
              <Text size="sm" fw={600} mb={6}>
                {t('attachments.title')}
              </Text>
              <AttachmentList attachments={tender.attachments} />
            </div>
          </Stack>
        </Collapse>

        <Group gap="xs" justify="space-between">
          <Group gap="xs">
            <Button
              variant="subtle"
              size="xs"
              onClick={() => setOpen((value) => !value)}
              aria-expanded={open}
              aria-controls={previewId}
            >
              {open ? t('moderation.hidePreview') : t('moderation.preview')}
            </Button>
            <Anchor component={Link} to={`/moderation/tenders/${tender.id}/edit`} size="sm">
              {t('moderation.edit')}
            </Anchor>
          </Group>
          <Group gap="xs">
            {tender.review === 'under_review' && (
              <>
                <Button size="xs" color="green" loading={busy} onClick={() => onAction('approve', tender)}>
                  {t('moderation.approve')}
                </Button>
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  disabled={busy}
                  onClick={() => onAction('reject', tender)}
                >
                  {t('moderation.reject')}
                </Button>
              </>
            )}
            {tender.status !== 'cancelled' && tender.review === 'published' && (
              <Button
                size="xs"
                color="gray"
                variant="light"
                disabled={busy}
                onClick={() => onAction('cancel', tender)}
              >
                {t('moderation.cancel')}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
