import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Webinar } from '@zabuni/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { checkEmail, checkRequired } from '../../../lib/field-checks.ts';
import { toast } from '../../../lib/toast.ts';
import { useMetaDescription } from '../../../lib/use-meta-description.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { MODULE_KEYS, registerForWebinar, useWebinar, type RegistrationRequest } from '../api/webinars.ts';

/** SPEC §2 webinar registration: the webinar, and its form (full name and email required, organization optional). */
export function Component() {
  const { t, i18n } = useTranslation('webinars');
  const language = i18n.resolvedLanguage ?? 'en';
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const webinar = useWebinar(id, valid);
  const data = webinar.data;
  const missing =
    !valid || (webinar.isError && webinar.error instanceof ApiError && webinar.error.status === 404);
  usePageTitle(missing ? t('detail.notFound.title') : (data?.title ?? t('title')));
  useMetaDescription(
    data
      ? `${data.title} · ${data.organizer} · ${formatDate(data.date, language, true)}. ${data.description}`.slice(
          0,
          200,
        )
      : undefined,
  );

  if (missing) {
    return (
      <Container size="sm" py="xl">
        <StatusMessage
          title={t('detail.notFound.title')}
          body={t('detail.notFound.body')}
          action={{ label: t('detail.back'), onClick: () => navigate('/webinars') }}
        />
      </Container>
    );
  }
  if (webinar.isError) {
    return (
      <Container size="sm" py="xl">
        <StatusMessage
          title={t('errors.loadFailed', { ns: 'common' })}
          body={webinar.error.message}
          action={{ label: t('retry', { ns: 'common' }), onClick: () => void webinar.refetch() }}
        />
      </Container>
    );
  }
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/webinars" size="sm" w="fit-content">
          ← {t('detail.back')}
        </Anchor>
        {data ? <WebinarDetail webinar={data} /> : <Skeleton height={360} radius="md" />}
      </Stack>
    </Container>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

function WebinarDetail({ webinar }: { webinar: Webinar }) {
  const { t, i18n } = useTranslation('webinars');
  const language = i18n.resolvedLanguage ?? 'en';
  const closed =
    webinar.state !== 'upcoming' ? webinar.state : webinar.places_left === 0 ? ('full' as const) : null;
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="md">
          <Group gap={6}>
            <Badge variant="light" color="brand" radius="sm" tt="none">
              {t(`modules.${MODULE_KEYS[webinar.module]}`)}
            </Badge>
            {closed && (
              <Badge variant="light" color={closed === 'full' ? 'orange' : 'gray'} radius="sm" tt="none">
                {t(`state.${closed}`)}
              </Badge>
            )}
          </Group>
          <Title order={1} fz={{ base: 'h3', sm: 'h2' }} data-testid="webinar-title">
            {webinar.title}
          </Title>
          {webinar.description && (
            <Text style={{ whiteSpace: 'pre-line' }} c="dark.6">
              {webinar.description}
            </Text>
          )}
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              <Fact label={t('detail.when')}>
                <time dateTime={webinar.date}>{formatDate(webinar.date, language, true)}</time>
              </Fact>
              <Fact label={t('detail.duration')}>
                {t('card.minutes', { count: webinar.duration_minutes })}
              </Fact>
              <Fact label={t('detail.organizer')}>
                {webinar.organizer_website ? (
                  <Anchor href={webinar.organizer_website} target="_blank" rel="noopener noreferrer">
                    {webinar.organizer}
                  </Anchor>
                ) : (
                  webinar.organizer
                )}
              </Fact>
              {webinar.pdf_link && (
                <Fact label={t('detail.slides')}>
                  <Anchor href={webinar.pdf_link} target="_blank" rel="noopener noreferrer">
                    PDF
                  </Anchor>
                </Fact>
              )}
            </Stack>
          </Paper>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Paper
          withBorder
          radius="md"
          p={{ base: 'md', sm: 'lg' }}
          component="section"
          aria-labelledby="register"
        >
          <Stack gap="md">
            <Title order={2} fz="h4" id="register">
              {t('register.heading')}
            </Title>
            {closed ? (
              <Alert
                color={closed === 'full' ? 'orange' : 'gray'}
                variant="light"
                data-testid="registration-closed"
              >
                {t(`detail.closed.${closed}`)}
              </Alert>
            ) : (
              <RegistrationForm webinar={webinar} />
            )}
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}

type Field = 'name' | 'email' | 'organization';

function RegistrationForm({ webinar }: { webinar: Webinar }) {
  const { t, i18n } = useTranslation('webinars');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<Field, string>>({ name: '', email: '', organization: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const register = useMutation({
    mutationFn: (body: RegistrationRequest) => registerForWebinar(body),
    onSuccess: () => {
      // SPEC §8 toast, then back to the list (SPEC §4).
      toast.success(t('register.success', { title: webinar.title }));
      void queryClient.invalidateQueries({ queryKey: ['core', 'webinars'] });
      void navigate('/webinars');
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      const found: Partial<Record<Field, string>> = {};
      for (const field of ['name', 'email', 'organization'] as const) {
        const text = error.messageFor(field);
        if (text) found[field] = text;
      }
      setErrors(found);
      // Full, past or cancelled meanwhile: show the webinar as it is now.
      if (error.status === 409 && error.field !== 'email')
        void queryClient.invalidateQueries({ queryKey: ['core', 'webinars', 'detail', webinar.id] });
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
    register.mutate({
      webinar: webinar.id,
      name: values.name,
      email: values.email,
      organization: values.organization || undefined,
      language: i18n.resolvedLanguage,
    });
  };
  const bind = (field: Field) => ({
    name: field,
    value: values[field],
    error: errors[field],
    disabled: register.isPending,
    onChange: (event: { currentTarget: { value: string } }) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [field]: value }));
    },
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('register.heading')}>
      <Stack gap="sm">
        <TextInput label={t('register.name')} autoComplete="name" required {...bind('name')} />
        <TextInput
          label={t('register.email')}
          type="email"
          autoComplete="email"
          required
          {...bind('email')}
        />
        <TextInput label={t('register.organization')} autoComplete="organization" {...bind('organization')} />
        <Text size="xs" c="dimmed">
          {t('register.note')}
        </Text>
        <Button type="submit" loading={register.isPending} data-testid="webinar-register">
          {t('register.submit')}
        </Button>
      </Stack>
    </form>
  );
}
