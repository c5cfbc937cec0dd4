import {
  Anchor,
  Button,
  Container,
  Grid,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { checkEmail, checkPhone, checkRequired } from '../../../lib/field-checks.ts';
import { useSiteSettings } from '../../../lib/site-settings.ts';
import { useMetaDescription } from '../../../lib/use-meta-description.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { sendInquiry, type InquiryRequest } from '../api/inquiries.ts';

type Field = 'contact_name' | 'email' | 'company_name' | 'phone_number' | 'message';
const FIELDS: readonly Field[] = ['contact_name', 'email', 'company_name', 'phone_number', 'message'];
const EMPTY: Record<Field, string> = {
  contact_name: '',
  email: '',
  company_name: '',
  phone_number: '',
  message: '',
};

/**
 * SPEC §2 "Contact us": the inquiry form (all five fields required, SPEC §5), its success text verbatim
 * (SPEC §8), and the support contacts. Rendered on the server; the form is plain state and the API's rules
 * (messages by catalogue key), so the page ships without a form library.
 */
export function Component() {
  const { t, i18n } = useTranslation('contact');
  usePageTitle(t('title'));
  useMetaDescription(t('metaDescription'));
  const site = useSiteSettings();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const send = useMutation({
    mutationFn: (body: InquiryRequest) => sendInquiry(body),
    // SPEC §8: a failed submit shows the error toast (App.tsx); field messages also sit beside their fields.
    onSuccess: () => {
      setValues(EMPTY);
      setErrors({});
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      const found: Partial<Record<Field, string>> = {};
      for (const field of FIELDS) {
        const text = error.messageFor(field);
        if (text) found[field] = text;
      }
      setErrors(found);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // SPEC §5: all five fields are required; the email and phone formats are the contract's.
    const found: Partial<Record<Field, string>> = {};
    for (const field of FIELDS) {
      const check = field === 'email' ? checkEmail : field === 'phone_number' ? checkPhone : checkRequired;
      const text = check(values[field]);
      if (text) found[field] = text;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    send.mutate({ ...values, language: i18n.resolvedLanguage });
  };

  const bind = (field: Field) => ({
    name: field,
    value: values[field],
    error: errors[field],
    required: true,
    disabled: send.isPending,
    onChange: (event: { currentTarget: { value: string } }) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [field]: value }));
    },
  });

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap="xs" maw={720}>
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed">{t('intro')}</Text>
        </Stack>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
              {send.isSuccess ? (
                <Stack gap="md" data-testid="inquiry-success" role="status">
                  <Title order={2} fz="h3">
                    {t('success.title')}
                  </Title>
                  <Text>{t('success.body')}</Text>
                  <Button variant="light" w="fit-content" onClick={() => send.reset()}>
                    {t('success.again')}
                  </Button>
                </Stack>
              ) : (
                <form onSubmit={submit} noValidate aria-labelledby="inquiry-heading">
                  <Stack gap="md">
                    <Title order={2} fz="h3" id="inquiry-heading">
                      {t('form.heading')}
                    </Title>
                    <SimpleGrid cols={{ base: 1, sm: 2 }}>
                      <TextInput
                        label={t('form.contactName')}
                        autoComplete="name"
                        {...bind('contact_name')}
                      />
                      <TextInput
                        label={t('form.companyName')}
                        autoComplete="organization"
                        {...bind('company_name')}
                      />
                      <TextInput
                        label={t('form.email')}
                        type="email"
                        autoComplete="email"
                        {...bind('email')}
                      />
                      <TextInput
                        label={t('form.phoneNumber')}
                        type="tel"
                        autoComplete="tel"
                        maxLength={25}
                        placeholder={t('form.phonePlaceholder')}
                        {...bind('phone_number')}
                      />
                    </SimpleGrid>
                    <Textarea
                      label={t('form.message')}
                      autosize
                      minRows={5}
                      maxLength={5000}
                      {...bind('message')}
                    />
                    <Button type="submit" loading={send.isPending} w={{ base: '100%', sm: 'fit-content' }}>
                      {t('form.submit')}
                    </Button>
                  </Stack>
                </form>
              )}
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="aside">
              <Stack gap="sm">
                <Title order={2} fz="h4">
                  {t('direct.heading')}
                </Title>
                {site.data && (
                  <>
                    <Text size="sm">
                      {t('direct.email')}:{' '}
                      <Anchor href={`mailto:${site.data.support_email}`}>{site.data.support_email}</Anchor>
                    </Text>
                    <Text size="sm">
                      {t('direct.phone')}:{' '}
                      <Anchor href={`tel:${site.data.support_phone.replace(/\s+/g, '')}`}>
                        {site.data.support_phone}
                      </Anchor>
                    </Text>
                  </>
                )}
                <Text size="sm">
                  {t('direct.office')}: {t('direct.address')}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('direct.hours')}
                </Text>
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
