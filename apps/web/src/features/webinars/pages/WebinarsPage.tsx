import { Button, Container, NativeSelect, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { useMetaDescription } from '../../../lib/use-meta-description.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { WebinarCard } from '../components/WebinarCard.tsx';
import { MODULE_KEYS, WEBINAR_MODULES, webinarsQuery, type WebinarModule } from '../api/webinars.ts';

const moduleParam = (value: string | null): WebinarModule | undefined =>
  WEBINAR_MODULES.find((module) => module === value);

/** SPEC §2 webinar list with its module filter (?module=), upcoming ones first, then past ones. */
export function Component() {
  const { t } = useTranslation('webinars');
  usePageTitle(t('title'));
  useMetaDescription(t('metaDescription'));
  const [params, setParams] = useSearchParams();
  const module = moduleParam(params.get('module'));
  const list = useQuery(webinarsQuery(module));
  const webinars = list.data?.results ?? [];
  const upcoming = webinars.filter((w) => w.state === 'upcoming');
  const past = webinars.filter((w) => w.state !== 'upcoming');
  const choose = (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set('module', value);
    else next.delete('module');
    setParams(next);
  };

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap="xs" maw={760}>
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed">{t('intro')}</Text>
        </Stack>
        <NativeSelect
          label={t('filter.label')}
          value={module ?? ''}
          onChange={(event) => choose(event.currentTarget.value)}
          data={[
            { value: '', label: t('filter.all') },
            ...WEBINAR_MODULES.map((value) => ({ value, label: t(`modules.${MODULE_KEYS[value]}`) })),
          ]}
          maw={{ base: '100%', sm: 320 }}
          data-testid="webinar-module-filter"
        />
        {list.isPending ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={200} radius="md" />
            ))}
          </SimpleGrid>
        ) : list.isError ? (
          <StatusMessage
            title={t('errors.loadFailed', { ns: 'common' })}
            body={list.error.message}
            action={{ label: t('retry', { ns: 'common' }), onClick: () => void list.refetch() }}
          />
        ) : webinars.length === 0 ? (
          <Stack align="center" gap="sm" py="xl" data-testid="webinars-empty">
            <Title order={2} fz="h3">
              {t('empty.title')}
            </Title>
            <Text c="dimmed" ta="center" maw={520}>
              {t('empty.body')}
            </Text>
            {module && (
              <Button variant="light" onClick={() => choose('')}>
                {t('empty.all')}
              </Button>
            )}
          </Stack>
        ) : (
          <>
            {upcoming.length > 0 && (
              <Stack gap="sm" component="section" aria-labelledby="upcoming-webinars">
                <Title order={2} fz="h3" id="upcoming-webinars">
                  {t('upcoming')}
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
                  {upcoming.map((webinar) => (
                    <WebinarCard key={webinar.id} webinar={webinar} />
                  ))}
                </SimpleGrid>
              </Stack>
            )}
            {past.length > 0 && (
              <Stack gap="sm" component="section" aria-labelledby="past-webinars">
                <Title order={2} fz="h3" id="past-webinars">
                  {t('past')}
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
                  {past.map((webinar) => (
                    <WebinarCard key={webinar.id} webinar={webinar} />
                  ))}
                </SimpleGrid>
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
