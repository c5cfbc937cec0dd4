import {
  AppShell,
  Box,
  Burger,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { Me } from '@zabuni/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { LanguageSwitcher } from '../../../app/layouts/LanguageSwitcher.tsx';
import { Logo } from '../../../app/layouts/Logo.tsx';
import { NotificationsMenu } from '../../../app/layouts/platform/NotificationsMenu.tsx';
import { UserMenu } from '../../../app/layouts/platform/UserMenu.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { useScrollToTopOnNewPage } from '../../../lib/use-scroll-to-top.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useMe } from '../../../lib/me.ts';
import { useSwitchBuyer } from '../../../lib/switch-buyer.ts';
import { portalBuyersQuery, type PortalBuyer } from '../api.ts';
import { isBuyerStaff, supplierMembership, type PortalContext } from '../portal-context.ts';
import { BuyerSwitcher } from './BuyerSwitcher.tsx';
import { PORTAL_SECTIONS, PortalNav } from './PortalNav.tsx';
import classes from './PortalShell.module.css';

const SWITCHED_TOAST = 'buyer-switched';
const MY_DATA_PATH = '/portal/my-data';

/**
 * The free supplier portal's shell under `/portal` (signed-in users; RequireAuth wraps it): the supplier's
 * name and the buyer it works with on top, with the language and the user's menu; its three sections on
 * the left (behind a burger on phones). Users who are not a supplier's are told the portal is not theirs.
 */
export function Component() {
  useScrollToTopOnNewPage();
  const { t } = useTranslation('portal');
  const [navOpen, nav] = useDisclosure(false);
  const me = useMe();
  const supplier = me.data ? supplierMembership(me.data) : null;
  const buyers = useQuery({ ...portalBuyersQuery, enabled: supplier !== null });
  const switchBuyer = useSwitchBuyer();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const list = buyers.data?.results ?? [];
  // The token's buyer, which every portal answer is about (`me` may name another for a moment, when a
  // second buyer has just added the supplier and the supplier has never chosen).
  const current = list.find((b) => b.id === buyers.data?.current) ?? null;
  const switchTo = (id: number) => {
    const chosen = list.find((b) => b.id === id);
    switchBuyer.mutate(id, {
      onSuccess: () => {
        nav.close();
        // A second switch while the first one's toast still shows must name the new buyer: a toast whose id
        // is already shown is ignored, so the shown one is updated instead.
        const text = t('shell.switched', { buyer: chosen?.name ?? '' });
        if (toast.isActive(SWITCHED_TOAST)) toast.update(SWITCHED_TOAST, { render: text });
        else toast.success(text, { toastId: SWITCHED_TOAST });
        // A document of the other buyer's is not this one's: back to its section's list.
        const section = PORTAL_SECTIONS.find((s) => pathname.startsWith(`${s.path}/`));
        if (section) void navigate(section.path);
      },
    });
  };

  // Issue 18: the supplier's own data is not about a buyer; a supplier no buyer lists yet reaches it too.
  const buyerFree = pathname === MY_DATA_PATH || pathname.startsWith(`${MY_DATA_PATH}/`);
  const withNavbar = supplier !== null && (current !== null || buyerFree);
  const switcher = supplier !== null && current !== null && (
    <BuyerSwitcher buyers={list} current={current} switching={switchBuyer.isPending} onSwitch={switchTo} />
  );

  let content;
  if (me.isPending || (supplier && buyers.isPending)) {
    content = (
      <Center py={64}>
        <Loader aria-label={t('loading', { ns: 'common' })} />
      </Center>
    );
  } else if (me.isError) {
    content = <LoadFailed message={me.error.message} onRetry={() => void me.refetch()} />;
  } else if (!supplier) {
    content = <NotForSuppliers me={me.data} />;
  } else if (buyers.isError) {
    content = <LoadFailed message={buyers.error.message} onRetry={() => void buyers.refetch()} />;
  } else if (buyerFree) {
    content = <Outlet />;
  } else if (list.length === 0) {
    content = <NoBuyerYet />;
  } else if (!current) {
    content = <ChooseBuyer buyers={list} busy={switchBuyer.isPending} onChoose={switchTo} />;
  } else {
    const context: PortalContext = {
      me: me.data,
      supplier: { id: supplier.organisation.id, name: supplier.organisation.name },
      buyer: current,
      buyers: list,
    };
    content = <Outlet context={context} />;
  }

  const user = me.data;
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={withNavbar ? { width: 248, breakpoint: 'sm', collapsed: { mobile: !navOpen } } : undefined}
      padding={{ base: 'md', sm: 'xl' }}
      data-testid="portal-shell"
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
                aria-label={t('shell.menu')}
                aria-expanded={navOpen}
                aria-controls="portal-navbar"
                data-testid="portal-burger"
              />
            )}
            <Logo to="/portal" className={classes.logo} />
            {supplier && (
              <Box visibleFrom="sm" miw={0}>
                <div className={classes.identity}>
                  <Text size="xs" c="dimmed" lh={1.3} truncate="end">
                    {t('shell.portal')}
                  </Text>
                  <Text size="sm" fw={700} lh={1.3} truncate="end" data-testid="portal-supplier-name">
                    {supplier.organisation.name}
                  </Text>
                </div>
              </Box>
            )}
            {switcher && (
              <Box visibleFrom="sm" miw={0} maw={300} data-testid="header-buyer">
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
          id="portal-navbar"
          className={classes.navbar}
          data-collapsed={!navOpen || undefined}
          style={{ overflowY: 'auto' }}
        >
          <PortalNav onNavigate={nav.close} />
        </AppShell.Navbar>
      )}
      <AppShell.Main id="main" className={classes.main}>
        {/* Phones: the header has no room for the supplier's name and its buyer; they head the page instead. */}
        {withNavbar && supplier && (
          <Box hiddenFrom="sm">
            <div className={classes.contextBar} data-testid="portal-context-bar">
              <div className={classes.contextSupplier}>
                <Text size="xs" c="dimmed" lh={1.3}>
                  {t('shell.portal')}
                </Text>
                <Text size="sm" fw={700} lh={1.3} truncate="end" data-testid="portal-supplier-name-mobile">
                  {supplier.organisation.name}
                </Text>
              </div>
              <div className={classes.contextBuyer}>{switcher}</div>
            </div>
          </Box>
        )}
        {content}
      </AppShell.Main>
    </AppShell>
  );
}

function LoadFailed({ message, onRetry }: { message: string; onRetry(): void }) {
  const { t } = useTranslation('common');
  return (
    <Container size="sm">
      <StatusMessage
        title={t('errors.loadFailed')}
        body={message}
        action={{ label: t('retry'), onClick: onRetry }}
      />
    </Container>
  );
}

function Notice({
  testId,
  title,
  body,
  children,
}: {
  testId: string;
  title: string;
  body: string;
  children?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'lg', sm: 'xl' }}
      maw={620}
      mx="auto"
      mt="xl"
      data-testid={testId}
    >
      <Stack gap="sm" align="center" ta="center">
        <Title order={1} fz={24}>
          {title}
        </Title>
        <Text c="dimmed">{body}</Text>
        {children}
      </Stack>
    </Paper>
  );
}

/** A signed-in user of no supplier organisation: the portal is not theirs; buyers have the platform. */
function NotForSuppliers({ me }: { me: Me }) {
  const { t } = useTranslation('portal');
  const buyer = isBuyerStaff(me);
  return (
    <Notice
      testId="portal-not-supplier"
      title={t('notSupplier.title')}
      body={t('notSupplier.body', { email: me.email })}
    >
      <Group justify="center" gap="sm" mt="xs">
        <Button
          component={Link}
          to="/app"
          variant={buyer ? 'filled' : 'light'}
          data-testid="portal-go-platform"
        >
          {t('notSupplier.platform')}
        </Button>
        <Button component={Link} to="/" variant="default" data-testid="portal-go-public-site">
          {t('notSupplier.publicSite')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('notSupplier.hint')}
      </Text>
    </Notice>
  );
}

/** A supplier no buyer lists yet: nothing to show until one adds it. */
function NoBuyerYet() {
  const { t } = useTranslation('portal');
  return (
    <Notice testId="portal-no-buyer" title={t('noBuyer.title')} body={t('noBuyer.body')}>
      <Button component={Link} to={MY_DATA_PATH} variant="default" data-testid="portal-go-my-data">
        {t('nav.myData')}
      </Button>
    </Notice>
  );
}

/** The session names no buyer of this supplier's (the user also works for a buying organisation): choose one. */
function ChooseBuyer({
  buyers,
  busy,
  onChoose,
}: {
  buyers: PortalBuyer[];
  busy: boolean;
  onChoose(id: number): void;
}) {
  const { t } = useTranslation('portal');
  return (
    <Notice testId="portal-choose-buyer" title={t('chooseBuyer.title')} body={t('chooseBuyer.body')}>
      <Stack gap="xs" w="100%">
        {buyers.map((buyer) => (
          <Button
            key={buyer.id}
            variant="default"
            justify="flex-start"
            loading={busy}
            onClick={() => onChoose(buyer.id)}
          >
            {buyer.name}
          </Button>
        ))}
      </Stack>
    </Notice>
  );
}
