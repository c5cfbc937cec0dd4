import { Alert, Button, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { tenderBidForm } from '@zabuni/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BackLink, PageFrame, PageHeader, PageSkeleton, Section } from '../../../components/PageFrame.tsx';
import { applyServerErrors, failureText, fieldError } from '../../../lib/form-errors.ts';
import { formatAmount } from '../../../lib/money.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import {
  portalTenderingApi,
  portalTenderQuery,
  TENDER_NS,
  type PortalTender,
  type TenderBidPayload,
} from '../tendering-api.ts';
import { instant } from './TendersPage.tsx';

/** `/portal/tenders/:id`: the notice, answered clarifications, addenda, the two-envelope bid and its receipt. */
export function Component() {
  const { id } = useParams();
  const tender = useQuery(portalTenderQuery(Number(id)));
  if (!tender.data)
    return (
      <PageFrame>
        {tender.isError ? <Alert color="red">{tender.error.message}</Alert> : <PageSkeleton />}
      </PageFrame>
    );
  return <TenderView tender={tender.data} />;
}

interface BidValues {
  technical_summary: string;
  price: string;
  kind: string;
  issuer: string;
  reference: string;
  amount: string;
  agpo_certificate: string;
}

const bidSchema = tenderBidForm;

function TenderView({ tender }: { tender: PortalTender }) {
  const { t, i18n } = useTranslation(TENDER_NS);
  const language = i18n.resolvedLanguage ?? 'en';
  usePageTitle(tender.title);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['portal-tendering'] });
  const [question, setQuestion] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const interest = useMutation({
    mutationFn: () => portalTenderingApi.registerInterest(tender.id),
    onSuccess: () => void refresh(),
    onError: (failure) => setProblem(failureText(failure)),
  });
  const ask = useMutation({
    mutationFn: () => portalTenderingApi.ask(tender.id, question),
    onSuccess: () => {
      setQuestion('');
      void refresh();
    },
    onError: (failure) => setProblem(failureText(failure)),
  });
  const form = useForm<BidValues>({
    defaultValues: {
      technical_summary: '',
      price: '',
      kind: 'bank guarantee',
      issuer: '',
      reference: '',
      amount: tender.bid_security,
      agpo_certificate: '',
    },
  });
  const { register, handleSubmit, formState, setError } = form;
  const submit = handleSubmit(async (values) => {
    setProblem(null);
    const payload: TenderBidPayload = {
      technical_summary: values.technical_summary,
      price: values.price,
      security: values.issuer
        ? { kind: values.kind, issuer: values.issuer, reference: values.reference, amount: values.amount }
        : null,
      agpo_certificate: values.agpo_certificate || null,
    };
    const parsed = bidSchema.safeParse(payload);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        setError((issue.path[0] === 'security' ? 'issuer' : issue.path[0]) as keyof BidValues, {
          message: issue.message,
        });
      return;
    }
    try {
      await portalTenderingApi.bid(tender.id, payload);
      await refresh();
    } catch (failure) {
      if (
        !applyServerErrors(failure, setError, {
          technical_summary: 'technical_summary',
          price: 'price',
          security: 'issuer',
        })
      )
        setProblem(failureText(failure));
    }
  });
  const open = tender.status === 'published';
  const money = (amount: string) => formatAmount(amount, tender.currency, language);

  return (
    <PageFrame testId="portal-tender-page">
      <BackLink to="/portal/tenders" label={t('title')} />
      <PageHeader title={`${tender.number} · ${tender.title}`} lead={tender.buyer} />
      {problem && (
        <Alert color="red" role="alert" data-testid="portal-tender-problem">
          {problem}
        </Alert>
      )}
      {tender.outcome && (
        <Alert color={tender.outcome.successful ? 'green' : 'gray'} data-testid="portal-tender-outcome">
          {tender.outcome.successful
            ? t('won', { date: instant(tender.outcome.standstill_until!, language) })
            : t('lost', { reason: tender.outcome.reason ?? '' })}
        </Alert>
      )}
      <Section title={t('notice')}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Text size="sm">
            <b>{t('closing')}:</b> {instant(tender.closing_at, language)}
          </Text>
          <Text size="sm">
            <b>{t('security')}:</b> {money(tender.bid_security)}
          </Text>
          {tender.agpo_reserved && <Text size="sm">{t('agpo')}</Text>}
        </SimpleGrid>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {tender.description}
        </Text>
      </Section>
      <Section title={t('clarifications')} testId="portal-tender-clarifications">
        <Stack gap="xs">
          {open && !tender.has_bid && (
            // Bidders and interested suppliers are mailed every answer and addendum.
            <Group gap="sm" wrap="wrap" data-testid="portal-tender-interest">
              <Text size="sm" c="dimmed" style={{ flex: '1 1 260px' }}>
                {t(tender.interested ? 'interested' : 'interestHint')}
              </Text>
              {!tender.interested && (
                <Button
                  variant="light"
                  onClick={() => interest.mutate()}
                  loading={interest.isPending}
                  data-testid="portal-tender-register-interest"
                >
                  {t('registerInterest')}
                </Button>
              )}
            </Group>
          )}
          {tender.clarifications.length === 0 && <Text size="sm">{t('noClarifications')}</Text>}
          {tender.clarifications.map((c) => (
            <Stack gap={2} key={c.id}>
              <Text size="sm" fw={500}>
                {c.question}
              </Text>
              <Text size="sm">{c.answer}</Text>
            </Stack>
          ))}
          {tender.addenda.length > 0 && (
            <>
              <Text size="sm" fw={600} mt="sm">
                {t('addenda')}
              </Text>
              {tender.addenda.map((a) => (
                <Text size="sm" key={a.id}>
                  {a.note} ({instant(a.closing_after, language)})
                </Text>
              ))}
            </>
          )}
          {open && (
            <Group align="flex-end" wrap="wrap">
              <TextInput
                label={t('ask')}
                description={t('askHint')}
                value={question}
                onChange={(e) => setQuestion(e.currentTarget.value)}
                style={{ flex: '1 1 260px' }}
                data-testid="portal-tender-question"
              />
              <Button
                variant="default"
                disabled={!question.trim()}
                onClick={() => ask.mutate()}
                loading={ask.isPending}
              >
                {t('send')}
              </Button>
            </Group>
          )}
        </Stack>
      </Section>
      {tender.receipt && (
        <Alert
          color="blue"
          title={t('receipt', { code: tender.receipt.code })}
          data-testid="portal-tender-receipt"
        >
          <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
            {t('receiptBody', {
              at: instant(tender.receipt.submitted_at, language),
              technical: tender.receipt.technical_sha256,
              financial: tender.receipt.financial_sha256,
            })}
          </Text>
        </Alert>
      )}
      {open ? (
        <Section title={t('bid')} testId="portal-tender-bid">
          <form onSubmit={(event) => void submit(event)} noValidate>
            <Stack gap="sm">
              <Textarea
                label={t('technical')}
                autosize
                minRows={4}
                {...register('technical_summary')}
                error={fieldError(formState.errors.technical_summary)}
                data-testid="bid-technical"
              />
              <TextInput
                label={t('price')}
                inputMode="decimal"
                {...register('price')}
                error={fieldError(formState.errors.price)}
                data-testid="bid-price"
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput label={t('securityKind')} {...register('kind')} />
                <TextInput
                  label={t('securityIssuer')}
                  {...register('issuer')}
                  error={fieldError(formState.errors.issuer)}
                  data-testid="bid-security-issuer"
                />
                <TextInput
                  label={t('securityReference')}
                  {...register('reference')}
                  data-testid="bid-security-reference"
                />
                <TextInput
                  label={t('securityAmount')}
                  inputMode="decimal"
                  {...register('amount')}
                  data-testid="bid-security-amount"
                />
              </SimpleGrid>
              <TextInput label={t('agpoCertificate')} {...register('agpo_certificate')} />
              <Group justify="flex-end">
                <Button type="submit" loading={formState.isSubmitting} data-testid="bid-submit">
                  {tender.receipt ? t('replace') : t('submit')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Section>
      ) : (
        !tender.outcome && <Text size="sm">{t('closed')}</Text>
      )}
    </PageFrame>
  );
}
