import { Anchor, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { SiteSettings } from '@zabuni/contracts';
import { useTranslation } from 'react-i18next';

/** SPEC §8: "Support email {email} and phone {phone} are shown", as configured for the site. */
export function SupportContacts({ support }: { support: SiteSettings | undefined }) {
  const { t } = useTranslation('checkout');
  return (
    <Paper withBorder radius="md" p="md" bg="gray.0" data-testid="support-contacts">
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {t('support.title')}
        </Text>
        {support ? (
          <>
            <Text size="sm">
              {t('support.email')}{' '}
              <Anchor href={`mailto:${support.support_email}`} data-testid="support-email">
                {support.support_email}
              </Anchor>
            </Text>
            <Text size="sm">
              {t('support.phone')}{' '}
              <Anchor href={`tel:${support.support_phone.replace(/\s+/g, '')}`} data-testid="support-phone">
                {support.support_phone}
              </Anchor>
            </Text>
          </>
        ) : (
          <Skeleton height={40} />
        )}
      </Stack>
    </Paper>
  );
}
