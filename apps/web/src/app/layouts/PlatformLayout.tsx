import { AppShell, Box, Burger, Center, Container, Group, Loader } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { useMe } from '../../lib/me.ts';
import { useSwitchBuyer } from '../../lib/switch-buyer.ts';
import { ChooseOrganisation } from '../../features/platform/components/ChooseOrganisation.tsx';
import { NoBuyingOrganisation } from '../../features/platform/components/NoBuyingOrganisation.tsx';
import { buyingOrganisations } from '../../lib/organisations.ts';
import type { PlatformContext } from '../../lib/platform-context.ts';
import { PLATFORM_HOME } from '../../features/platform/modules.ts';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import { useAuth } from '../../lib/auth-state.ts';
import { useScrollToTopOnNewPage } from '../../lib/use-scroll-to-top.ts';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { Logo } from './Logo.tsx';
import { NotificationsMenu } from './platform/NotificationsMenu.tsx';
import { OrganisationSwitcher } from './platform/OrganisationSwitcher.tsx';
import { PlatformNavbar } from './platform/PlatformNavbar.tsx';
import classes from './platform/PlatformShell.module.css';
import { UserMenu } from './platform/UserMenu.tsx';

/**
 * The platform's shell under `/app` (signed-in users; RequireAuth wraps it): modules on the left (behind a
 * burger on phones), the organisation being worked for, the language and the user's menu on top. Loaded
 * with the first platform page, never with the public site.
 */
export function Component() {
  useScrollToTopOnNewPage();
  const { t } = useTranslation('platform');
  const [navOpen, nav] = useDisclosure(false);
  const auth = useAuth();
  const me = useMe();
  const switchBuyer = useSwitchBuyer();
  const organisations = me.data ? buyingOrganisations(me.data) : null;
  const memberships = organisations?.memberships ?? [];
  const current = organisations?.current ?? null;
  const withNavbar = memberships.length > 0;

  const switchTo = (organisationId: number) => {
    const chosen = memberships.find((m) => m.organisation.id === organisationId);
    switchBuyer.mutate(organisationId, {
      onSuccess: () => {
        nav.close();
        toast.success(t('organisation.switched', { organisation: chosen?.organisation.name ?? '' }), {
          toastId: 'organisation-switched',
        });
      },
    });
  };
  const switcher = withNavbar && (
    <OrganisationSwitcher
      memberships={memberships}
      current={current}
      switching={switchBuyer.isPending}
      onSwitch={switchTo}
    />
  );
  const user = me.data ?? auth.user;

  let content;
  if (me.isPending) {
    content = (
      <Center py={64}>
        <Loader aria-label={t('loading', { ns: 'common' })} />
      </Center>
    );
  } else if (me.isError) {
    content = (
      <Container size="sm">
        <StatusMessage
          title={t('errors.loadFailed', { ns: 'common' })}
          body={me.error.message}
          action={{ label: t('retry', { ns: 'common' }), onClick: () => void me.refetch() }}
        />
      </Container>
    );
  } else if (memberships.length === 0) {
    content = <NoBuyingOrganisation />;
  } else if (!current) {
    content = (
      <ChooseOrganisation memberships={memberships} busy={switchBuyer.isPending} onChoose={switchTo} />
    );
  } else {
    const context: PlatformContext = { me: me.data, current, memberships };
    content = <Outlet context={context} />;
  }

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={withNavbar ? { width: 264, breakpoint: 'sm', collapsed: { mobile: !navOpen } } : undefined}
      padding={{ base: 'md', sm: 'xl' }}
      data-testid="platform-shell"
    >
      <a href="#main" className={classes.skip}>
        {t('skipToContent', { ns: 'common' })}
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            {withNavbar && (
              <Burger
                opened={navOpen}
                onClick={nav.toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={t('nav.menu')}
                aria-expanded={navOpen}
                aria-controls="platform-navbar"
                data-testid="platform-burger"
              />
            )}
            <Logo to={PLATFORM_HOME} className={classes.logo} />
            {switcher && (
              <Box visibleFrom="sm" miw={0} maw={340} data-testid="header-organisation">
                {switcher}
              </Box>
            )}
          </Group>
          <Group gap="xs" wrap="nowrap">
            {user && <NotificationsMenu />}
            <LanguageSwitcher />
            {user && <UserMenu user={user} />}
          </Group>
        </Group>
      </AppShell.Header>
      {withNavbar && (
        <AppShell.Navbar
          p="sm"
          id="platform-navbar"
          className={classes.navbar}
          data-collapsed={!navOpen || undefined}
          style={{ overflowY: 'auto' }}
        >
          {switcher && (
            <Box hiddenFrom="sm" className={classes.navbarSwitcher} data-testid="navbar-organisation">
              {switcher}
            </Box>
          )}
          <PlatformNavbar onNavigate={nav.close} />
        </AppShell.Navbar>
      )}
      <AppShell.Main id="main" className={classes.main}>
        {content}
      </AppShell.Main>
    </AppShell>
  );
}
