import { Center, Container, Grid, Group, List, Loader, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { PlainButton } from '../../../components/PlainButton.tsx';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AuthStatus, useAuth } from '../../../lib/auth-state.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';

/**
 * The forms load when their tab is asked for, or pointed at (issue 15): the page is rendered on the server
 * with its write-up tab, and the forms' code (react-hook-form, zod schemas, the phone input, Mantine's
 * dropdowns: about 110 kB gzip) would otherwise be in its first load.
 */
const loadRegisterForm = () => import('../components/RegisterForm.tsx');
const loadSignInForm = () => import('../components/SignInForm.tsx');
const RegisterForm = lazy(() => loadRegisterForm().then((m) => ({ default: m.RegisterForm })));
const SignInForm = lazy(() => loadSignInForm().then((m) => ({ default: m.SignInForm })));
const preloadForm = (tab: 'register' | 'login') => () =>
  void (tab === 'register' ? loadRegisterForm() : loadSignInForm()).catch(() => undefined);
const intent = (tab: 'register' | 'login') => ({
  onMouseEnter: preloadForm(tab),
  onFocus: preloadForm(tab),
  onTouchStart: preloadForm(tab),
});

function FormLoading() {
  return (
    <Center mih={240}>
      <Loader size="sm" />
    </Center>
  );
}

const TABS = ['about', 'register', 'login'] as const;
type Tab = (typeof TABS)[number];

/** SPEC §2: write-up, register and login tabs; once signed in the buttons become Published Tenders and Publish Tender. */
export function Component() {
  const { t } = useTranslation('auth');
  usePageTitle(t('advertise.title'));
  const auth = useAuth();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : 'about';
  const signedIn = auth.status === AuthStatus.Authenticated;
  const points = t('advertise.points', { returnObjects: true }) as string[];

  return (
    <Container size="lg" py="xl">
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Title order={1} fz={{ base: 28, sm: 34 }}>
              {t('advertise.title')}
            </Title>
            <Text size="lg" c="dimmed">
              {t('advertise.lead')}
            </Text>
            {signedIn ? (
              <Stack gap="xs" data-testid="advertise-signed-in">
                <Text size="sm">
                  {t('advertise.signedInAs', {
                    name: `${auth.user?.first_name ?? ''} ${auth.user?.last_name ?? ''}`.trim(),
                  })}
                </Text>
                <Group>
                  <PlainButton to="/my-published-tenders" variant="light">
                    {t('advertise.publishedTenders')}
                  </PlainButton>
                  <PlainButton to="/publish-tender">{t('advertise.publishTender')}</PlainButton>
                </Group>
              </Stack>
            ) : (
              <Group data-testid="advertise-signed-out">
                <PlainButton onClick={() => setParams({ tab: 'register' })} {...intent('register')}>
                  {t('register.submit')}
                </PlainButton>
                <PlainButton variant="light" onClick={() => setParams({ tab: 'login' })} {...intent('login')}>
                  {t('advertise.tabs.login')}
                </PlainButton>
              </Group>
            )}
            <Group gap="md">
              <PlainButton to="/pricing" variant="subtle" px={0}>
                {t('advertise.pricing')}
              </PlainButton>
              <PlainButton to="/tenders" variant="subtle" px={0}>
                {t('advertise.viewTenders')}
              </PlainButton>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Tabs
              value={tab}
              onChange={(value) => setParams(value && value !== 'about' ? { tab: value } : {})}
              keepMounted={false}
            >
              <Tabs.List mb="md">
                <Tabs.Tab value="about">{t('advertise.tabs.about')}</Tabs.Tab>
                {!signedIn && (
                  <Tabs.Tab value="register" {...intent('register')}>
                    {t('advertise.tabs.register')}
                  </Tabs.Tab>
                )}
                {!signedIn && (
                  <Tabs.Tab value="login" {...intent('login')}>
                    {t('advertise.tabs.login')}
                  </Tabs.Tab>
                )}
              </Tabs.List>
              <Tabs.Panel value="about">
                <List spacing="sm">
                  {points.map((point) => (
                    <List.Item key={point}>{point}</List.Item>
                  ))}
                </List>
              </Tabs.Panel>
              {!signedIn && (
                <Tabs.Panel value="register">
                  <Suspense fallback={<FormLoading />}>
                    <RegisterForm />
                  </Suspense>
                </Tabs.Panel>
              )}
              {!signedIn && (
                <Tabs.Panel value="login">
                  <Suspense fallback={<FormLoading />}>
                    <SignInForm nextRoute="/advertise" resetRoute="/forgot-password" />
                  </Suspense>
                </Tabs.Panel>
              )}
            </Tabs>
          </Paper>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
