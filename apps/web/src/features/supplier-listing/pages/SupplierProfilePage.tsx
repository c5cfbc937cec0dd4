import { Anchor, Badge, Button, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { SupplierProfile } from '@zabuni/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CountryFlag } from '../../../components/CountryFlag.tsx';
import { Component as NotFoundPage } from '../../../components/NotFoundPage.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useMetaDescription } from '../../../lib/use-meta-description.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { flagOf, isNotFound, supplierProfileQuery } from '../api/supplier-listing.ts';

/** Issue 18: an approved supplier's public profile (no personal data: no emails, phones or people). */
export function Component() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0 && id <= 2_147_483_647;
  const profile = useQuery({ ...supplierProfileQuery(id), enabled: valid });
  if (!valid || (profile.isError && isNotFound(profile.error))) return <NotFoundPage />;
  return <Profile profile={profile.data} error={profile.isError ? profile.error.message : null} />;
}

function Profile({ profile, error }: { profile: SupplierProfile | undefined; error: string | null }) {
  const { t, i18n } = useTranslation('registry');
  const language = i18n.resolvedLanguage ?? 'en';
  usePageTitle(profile ? profile.name : t('profile.title'));
  useMetaDescription(
    profile
      ? t('profile.metaDescription', {
          name: profile.name,
          city: profile.city,
          country: profile.country.name,
          categories: profile.categories.map((c) => c.name).join(', '),
        })
      : undefined,
  );
  if (error) {
    return (
      <Container size="sm" py="xl">
        <StatusMessage title={t('errors.loadFailed', { ns: 'common' })} body={error} />
      </Container>
    );
  }
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/suppliers" size="sm" w="fit-content">
          ← {t('profile.back')}
        </Anchor>
        {!profile ? (
          <Skeleton height={220} radius="md" />
        ) : (
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
            <Stack gap="md">
              <Group gap="sm" wrap="wrap">
                <Title order={1} fz={{ base: 24, sm: 30 }}>
                  {profile.name}
                </Title>
                {profile.verified && (
                  <Badge color="brand" variant="light" size="lg" tt="none" title={t('profile.verifiedHint')}>
                    ✓ {t('profile.verified')}
                  </Badge>
                )}
              </Group>
              <Group gap={8}>
                <CountryFlag src={flagOf(profile.country.iso2)} name="" size={16} />
                <Text>
                  {profile.city}, {profile.country.name}
                </Text>
              </Group>
              <Stack gap={6}>
                <Text fw={600}>{t('profile.categories')}</Text>
                {profile.categories.length === 0 ? (
                  <Text c="dimmed" size="sm">
                    {t('profile.noCategories')}
                  </Text>
                ) : (
                  <Group gap={6}>
                    {profile.categories.map((category) => (
                      <Badge
                        key={category.id}
                        component={Link}
                        to={`/suppliers?category=${category.id}`}
                        variant="outline"
                        tt="none"
                        style={{ cursor: 'pointer' }}
                      >
                        {category.name}
                      </Badge>
                    ))}
                  </Group>
                )}
              </Stack>
              <Text size="sm" c="dimmed">
                {t('profile.since', { date: formatDate(profile.member_since, language) })}
              </Text>
            </Stack>
          </Paper>
        )}
        <Paper withBorder radius="md" p="lg">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Stack gap={2}>
              <Text fw={600}>{t('listing.joinTitle')}</Text>
              <Text size="sm" c="dimmed">
                {t('listing.joinBody')}
              </Text>
            </Stack>
            <Button component={Link} to="/supplier/register" color="orange">
              {t('listing.join')}
            </Button>
          </Group>
        </Paper>
      </Stack>
    </Container>
  );
}
