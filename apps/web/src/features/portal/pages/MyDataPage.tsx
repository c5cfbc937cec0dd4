import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SUPPLIER_ERASURE_KEPT, type Category, type SupplierData } from '@zabuni/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Fact, PageFrame, PageHeader, PageSkeleton, Section } from '../../../components/PageFrame.tsx';
import { RemoteMultiPicker } from '../../../components/RemoteMultiPicker.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { translateCode } from '../../../lib/error-codes.ts';
import { formatDate } from '../../../lib/format.ts';
import { useCategories } from '../../../lib/reference-data.ts';
import { toast } from '../../../lib/toast.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { MY_DATA_EXPORT_URL, MY_DATA_KEY, myDataApi, myDataQuery } from '../my-data-api.ts';

const FIELDS = ['company_name', 'first_name', 'last_name', 'phone', 'city', 'categories'] as const;
type Field = (typeof FIELDS)[number];

/**
 * Issue 18, data protection: what Zabuni holds about the supplier (its registration, contact, categories and
 * the terms it agreed to), corrected by its administrator, downloaded as JSON, and the request for erasure.
 */
export function Component() {
  const { t } = useTranslation('portal');
  usePageTitle(t('myData.title'));
  const data = useQuery(myDataQuery);
  if (data.isPending) return <PageSkeleton />;
  if (data.isError) {
    const notRegistered = data.error instanceof ApiError && data.error.status === 404;
    return (
      <PageFrame testId="my-data">
        <PageHeader title={t('myData.title')} />
        {notRegistered ? (
          <Alert color="gray" data-testid="my-data-not-registered">
            {data.error.message}
          </Alert>
        ) : (
          <StatusMessage
            title={t('myData.loadFailed')}
            body={data.error.message}
            action={{ label: t('myData.retry'), onClick: () => void data.refetch() }}
          />
        )}
      </PageFrame>
    );
  }
  return <MyData data={data.data} />;
}

function MyData({ data }: { data: SupplierData }) {
  const { t, i18n } = useTranslation('portal');
  const language = i18n.resolvedLanguage ?? 'en';
  const [editing, setEditing] = useState(false);
  const erased = data.status === 'erased';
  return (
    <PageFrame testId="my-data">
      <PageHeader
        title={t('myData.title')}
        lead={t('myData.lead')}
        actions={
          <Button
            component="a"
            href={MY_DATA_EXPORT_URL}
            download
            variant="default"
            data-testid="my-data-export"
          >
            {t('myData.export')}
          </Button>
        }
      />
      <Section
        title={t('myData.company')}
        testId="my-data-company"
        actions={
          data.can_change && !editing ? (
            <Button size="xs" variant="light" onClick={() => setEditing(true)} data-testid="my-data-edit">
              {t('myData.correct')}
            </Button>
          ) : undefined
        }
      >
        {editing ? (
          <Correction data={data} onDone={() => setEditing(false)} />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Fact label={t('myData.fields.company_name')} testId="my-data-company-name">
              {data.company_name}
            </Fact>
            <Fact label={t('myData.fields.pin')}>
              <Group gap="xs">
                <span>{data.kra_tax_pin}</span>
                {data.pin_check === 'verified' && (
                  <Badge size="sm" color="teal" variant="light">
                    {t('myData.verified')}
                  </Badge>
                )}
              </Group>
            </Fact>
            <Fact label={t('myData.fields.country')}>{data.country.name}</Fact>
            <Fact label={t('myData.fields.city')} testId="my-data-city">
              {data.city}
            </Fact>
            <Fact label={t('myData.fields.contact')} testId="my-data-contact">
              {`${data.first_name} ${data.last_name}`}
            </Fact>
            <Fact label={t('myData.fields.email')}>{data.email}</Fact>
            <Fact label={t('myData.fields.phone')}>{data.phone || '—'}</Fact>
            <Fact label={t('myData.fields.registered')}>{formatDate(data.registered_at, language)}</Fact>
            <Fact label={t('myData.fields.categories')} testId="my-data-categories">
              {data.categories.map((c) => c.name).join(', ') || '—'}
            </Fact>
          </SimpleGrid>
        )}
        {!data.can_change && !erased && (
          <Text size="sm" c="dimmed" mt="sm">
            {t('myData.adminOnly')}
          </Text>
        )}
        <Text size="xs" c="dimmed" mt="sm">
          {t('myData.fixedFields')}
        </Text>
      </Section>
      <Section title={t('myData.consent')} testId="my-data-consent">
        <Text size="sm" data-testid="my-data-terms-version">
          {t('myData.consentLine', {
            version: data.consent.terms_version,
            date: formatDate(data.consent.consented_at, language),
          })}
        </Text>
        <Group gap="md" mt="xs">
          <Anchor component={Link} to="/terms" size="sm">
            {t('myData.terms')}
          </Anchor>
          <Anchor component={Link} to="/privacy" size="sm">
            {t('myData.privacy')}
          </Anchor>
        </Group>
      </Section>
      <Erasure data={data} />
    </PageFrame>
  );
}

function Correction({ data, onDone }: { data: SupplierData; onDone(): void }) {
  const { t } = useTranslation('portal');
  const queryClient = useQueryClient();
  const [values, setValues] = useState({
    company_name: data.company_name,
    first_name: data.first_name,
    last_name: data.last_name,
    phone: data.phone,
    city: data.city,
  });
  const [categories, setCategories] = useState<number[]>(data.categories.map((c) => c.id));
  const save = useMutation({
    mutationFn: () => myDataApi.correct({ ...values, categories }),
    onSuccess: (saved) => {
      queryClient.setQueryData(MY_DATA_KEY, saved);
      toast.success(t('myData.saved'));
      onDone();
    },
  });
  const error = save.error instanceof ApiError ? save.error : null;
  const fieldError = (field: Field) => error?.messageFor(field) ?? undefined;
  const generalError = error && !FIELDS.some((f) => error.messageFor(f)) ? error.message : null;
  const text = (field: keyof typeof values, required = true) => (
    <TextInput
      label={t(`myData.fields.${field}`)}
      value={values[field]}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setValues((v) => ({ ...v, [field]: value }));
      }}
      error={fieldError(field)}
      required={required}
      maxLength={field === 'company_name' ? 200 : 100}
      data-testid={`my-data-field-${field}`}
    />
  );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
      noValidate
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {text('company_name')}
          {text('city')}
          {text('first_name')}
          {text('last_name')}
          {text('phone')}
        </SimpleGrid>
        <RemoteMultiPicker<Category>
          label={t('myData.fields.categories')}
          placeholder={t('myData.categoriesPlaceholder')}
          nothingFound={t('myData.nothingFound')}
          value={categories}
          onChange={setCategories}
          useOptions={useCategories}
          toOption={(category) => ({ value: String(category.id), label: category.name })}
          initialOptions={data.categories.map((c) => ({ value: String(c.id), label: c.name }))}
          minSearchLength={2}
          maxValues={50}
          required
          error={
            fieldError('categories') ??
            (categories.length === 0 ? translateCode('registry.categories') : undefined)
          }
          testId="my-data-field-categories"
        />
        {generalError && (
          <Alert color="red" data-testid="my-data-error">
            {generalError}
          </Alert>
        )}
        <Group gap="xs">
          <Button
            type="submit"
            loading={save.isPending}
            disabled={categories.length === 0}
            data-testid="my-data-save"
          >
            {t('myData.save')}
          </Button>
          <Button variant="default" onClick={onDone}>
            {t('myData.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Erasure({ data }: { data: SupplierData }) {
  const { t, i18n } = useTranslation('portal');
  const language = i18n.resolvedLanguage ?? 'en';
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const ask = useMutation({
    mutationFn: () => myDataApi.requestErasure(reason),
    onSuccess: (saved) => {
      queryClient.setQueryData(MY_DATA_KEY, saved);
      setAsking(false);
      toast.success(t('myData.erasure.asked'));
    },
  });
  const request = data.erasure;
  const kept = (
    <List size="sm" spacing={4}>
      {SUPPLIER_ERASURE_KEPT.map((key) => (
        <List.Item key={key}>{translateCode(key) ?? key}</List.Item>
      ))}
    </List>
  );
  return (
    <Section title={t('myData.erasure.title')} testId="my-data-erasure">
      <Stack gap="sm">
        {request?.status === 'requested' ? (
          <Alert color="orange" data-testid="my-data-erasure-pending">
            {t('myData.erasure.pending', { date: formatDate(request.requested_at, language) })}
          </Alert>
        ) : request?.status === 'carried_out' ? (
          <Alert color="gray" data-testid="my-data-erasure-done">
            {t('myData.erasure.done', { date: formatDate(request.carried_out_at ?? '', language) })}
          </Alert>
        ) : (
          <Text size="sm">{t('myData.erasure.lead')}</Text>
        )}
        <Text size="sm" fw={600}>
          {t('myData.erasure.kept')}
        </Text>
        {kept}
        {data.can_change && request?.status !== 'requested' && (
          <>
            {!asking ? (
              <Button
                variant="light"
                color="red"
                w="fit-content"
                onClick={() => setAsking(true)}
                data-testid="my-data-erasure-ask"
              >
                {t('myData.erasure.ask')}
              </Button>
            ) : (
              <Stack gap="xs">
                <Textarea
                  label={t('myData.erasure.reason')}
                  value={reason}
                  onChange={(event) => setReason(event.currentTarget.value)}
                  maxLength={1000}
                  autosize
                  minRows={2}
                  data-testid="my-data-erasure-reason"
                />
                {ask.error && <Alert color="red">{ask.error.message}</Alert>}
                <Group gap="xs">
                  <Button
                    color="red"
                    loading={ask.isPending}
                    onClick={() => ask.mutate()}
                    data-testid="my-data-erasure-confirm"
                  >
                    {t('myData.erasure.confirm')}
                  </Button>
                  <Button variant="default" onClick={() => setAsking(false)}>
                    {t('myData.cancel')}
                  </Button>
                </Group>
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Section>
  );
}
