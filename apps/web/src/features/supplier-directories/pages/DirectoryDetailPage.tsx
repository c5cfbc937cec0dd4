import {
  Anchor,
  Button,
  Container,
  Grid,
  Group,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Typography,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Directory } from '@zabuni/contracts';
import { MARKETING_SOURCES } from '@zabuni/contracts/constants';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { CountryFlag } from '../../../components/CountryFlag.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { checkEmail, checkRequired } from '../../../lib/field-checks.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useMetaDescription } from '../../../lib/use-meta-description.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { addToCart, directoryQuery, isNotFound, type CartRequest } from '../api/directories.ts';

/** SPEC §2 directory detail: the directory (SPEC §3 fields) and its cart form; 201 → toast → the cart. */
export function Component() {
  const { t, i18n } = useTranslation('directories');
  const language = i18n.resolvedLanguage ?? 'en';
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0 && id <= 2_147_483_647;
  const query = useQuery({ ...directoryQuery(id), enabled: valid });
  const directory = query.data;
  const missing = !valid || (query.isError && isNotFound(query.error));
  usePageTitle(missing ? t('detail.notFound.title') : (directory?.name ?? t('title')));
  useMetaDescription(
    directory ? `${directory.name}: ${directory.features.join(', ')}`.slice(0, 200) : undefined,
  );

  if (missing) {
    return (
      <Container size="sm" py="xl">
        <StatusMessage
          title={t('detail.notFound.title')}
          body={t('detail.notFound.body')}
          action={{ label: t('detail.back'), onClick: () => void navigate('/supplier-directory') }}
        />
      </Container>
    );
  }
  if (query.isError) {
    return (
      <Container size="sm" py="xl">
        <StatusMessage
          title={t('errors.loadFailed', { ns: 'common' })}
          body={query.error.message}
          action={{ label: t('retry', { ns: 'common' }), onClick: () => void query.refetch() }}
        />
      </Container>
    );
  }
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/supplier-directory" size="sm" w="fit-content">
          ← {t('detail.back')}
        </Anchor>
        {!directory ? (
          <Skeleton height={360} radius="md" />
        ) : (
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
                <Stack gap="md">
                  <Group gap="sm" wrap="nowrap" align="center">
                    <CountryFlag src={directory.country.flag} name={directory.country.name} size={28} />
                    <Title order={1} fz={{ base: 24, sm: 30 }} data-testid="directory-name">
                      {directory.name}
                    </Title>
                  </Group>
                  <Text fz={28} fw={700} c="teal.8" data-testid="directory-price">
                    {formatMoney(directory.amount, directory.currency.initials, language)}
                  </Text>
                  {directory.description && (
                    <Typography>
                      {/* Sanitised by the API when the operator saved it. */}
                      <div dangerouslySetInnerHTML={{ __html: directory.description }} />
                    </Typography>
                  )}
                  {directory.features.length > 0 && (
                    <Stack gap={4}>
                      <Text fw={600}>{t('detail.features')}</Text>
                      {directory.features.map((feature) => (
                        <Text key={feature} size="sm">
                          ✓ {feature}
                        </Text>
                      ))}
                    </Stack>
                  )}
                  <Facts directory={directory} language={language} />
                </Stack>
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
                <Stack gap="md">
                  <Title order={2} fz="h4">
                    {t('cart.heading')}
                  </Title>
                  <CartForm directory={directory} />
                </Stack>
              </Paper>
            </Grid.Col>
          </Grid>
        )}
      </Stack>
    </Container>
  );
}

function Facts({ directory, language }: { directory: Directory; language: string }) {
  const { t } = useTranslation('directories');
  const rows: Array<[string, string]> = [
    [t('detail.format'), directory.directory_format],
    [t('detail.software'), directory.software_requirements],
    [t('detail.os'), directory.os_requirements],
    [t('detail.updated'), formatDate(directory.updated_at, language)],
  ];
  if (directory.supplier_count !== null)
    rows.push([t('detail.suppliers'), directory.supplier_count.toLocaleString(language)]);
  return (
    <Stack gap={6}>
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <Group key={label} gap="xs" wrap="nowrap" align="flex-start">
            <Text size="sm" c="dimmed" w={150} style={{ flexShrink: 0 }}>
              {label}
            </Text>
            <Text size="sm">{value}</Text>
          </Group>
        ))}
    </Stack>
  );
}

type Field = 'name' | 'email' | 'marketing';

function CartForm({ directory }: { directory: Directory }) {
  const { t } = useTranslation('directories');
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Field, string>>({ name: '', email: '', marketing: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const add = useMutation({
    mutationFn: (body: CartRequest) => addToCart(body),
    onSuccess: (created) => {
      // SPEC §4: a directory add-to-cart succeeds on 201 with a toast; then the cart (SPEC §2).
      toast.success(t('cart.added'));
      void navigate(`/supplier-directory/cart/${encodeURIComponent(created.reference)}`);
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      const found: Partial<Record<Field, string>> = {};
      for (const field of ['name', 'email', 'marketing'] as const) {
        const text = error.messageFor(field);
        if (text) found[field] = text;
      }
      setErrors(found);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    const name = checkRequired(values.name);
    const email = checkEmail(values.email);
    if (name) found.name = name;
    if (email) found.email = email;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    add.mutate({
      directory: directory.id,
      name: values.name,
      email: values.email,
      marketing: values.marketing || undefined,
    });
  };
  const bind = (field: Field) => ({
    name: field,
    value: values[field],
    error: errors[field],
    disabled: add.isPending,
    onChange: (event: { currentTarget: { value: string } }) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [field]: value }));
    },
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('cart.heading')}>
      <Stack gap="sm">
        <TextInput label={t('cart.name')} autoComplete="name" required {...bind('name')} />
        <TextInput label={t('cart.email')} type="email" autoComplete="email" required {...bind('email')} />
        <NativeSelect
          label={t('cart.marketing')}
          data={[
            { value: '', label: t('cart.marketingNone') },
            ...MARKETING_SOURCES.map((source) => ({ value: source, label: t(`marketingSources.${source}`) })),
          ]}
          {...bind('marketing')}
        />
        <Text size="xs" c="dimmed">
          {t('cart.note')}
        </Text>
        <Button type="submit" loading={add.isPending} color="orange" data-testid="add-to-cart">
          {t('cart.submit')}
        </Button>
      </Stack>
    </form>
  );
}
