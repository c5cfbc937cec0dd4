import { Anchor, Box, Container, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { Icon } from '../../components/Icon.tsx';
import { PlainButton } from '../../components/PlainButton.tsx';
import { useSiteSettings } from '../../lib/site-settings.ts';
import { AuthStatus, hasRole, useAuth } from '../../lib/auth-state.ts';
import { logout } from '../../lib/session.ts';
import { useScrollToTopOnNewPage } from '../../lib/use-scroll-to-top.ts';
import { DirectoryMenu } from './DirectoryMenu.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { Logo } from './Logo.tsx';
import { FOOTER_LINKS, HEADER_LINKS, MODULE_LINKS } from './nav-links.ts';
import classes from './PublicLayout.module.css';

/** Where the header's menus stop folding into the burger: 1200 px, 1280 px or 1408 px. */
type Inline = 'lg' | 'w1280' | 'xl';

export function PublicLayout() {
  useScrollToTopOnNewPage();
  const { t, i18n } = useTranslation();
  const [menuOpen, menu] = useDisclosure(false);
  const site = useSiteSettings();
  const auth = useAuth();
  const signedIn = auth.status === AuthStatus.Authenticated;
  const moderator = hasRole(auth, 'moderator');
  // The menus show beside the logo from 1200 px (lg). Swahili's, French's and Portuguese's longer labels
  // need the whole width of a 1280 px laptop: in those languages the header is wider than the page's
  // content, its links are set a little tighter, and they show from 1280 px (issue 16 point 7: they folded
  // into the burger until 1408 px). A moderator's extra link folds them a step later.
  const longLabels = ['sw', 'fr', 'pt'].includes(i18n.resolvedLanguage ?? 'en');
  const inline: Inline = moderator ? 'xl' : longLabels ? 'w1280' : 'lg';
  const shown = classes[`from_${inline}`];
  const folded = classes[`until_${inline}`];
  const accountLinks = signedIn ? (
    <Group gap={6} wrap="nowrap" data-testid="account-links">
      {moderator && (
        <PlainButton
          to="/moderation/tenders"
          size="xs"
          variant="subtle"
          px={8}
          onClick={menu.close}
          data-testid="moderation-link"
        >
          {t('nav.moderation')}
        </PlainButton>
      )}
      <PlainButton to="/account" size="xs" variant="subtle" px={8} onClick={menu.close}>
        {auth.user?.first_name || t('account.menu')}
      </PlainButton>
      {longLabels ? (
        // In the longer languages the header needs the room: the same button, drawn.
        <button
          type="button"
          className={`mantine-focus-auto ${classes.iconButton}`}
          onClick={() => void logout()}
          aria-label={t('account.logout')}
          title={t('account.logout')}
          data-testid="logout"
        >
          <Icon name="logout" size={18} />
        </button>
      ) : (
        <PlainButton
          size="xs"
          variant="subtle"
          color="gray"
          px={8}
          onClick={() => void logout()}
          data-testid="logout"
        >
          {t('account.logout')}
        </PlainButton>
      )}
    </Group>
  ) : (
    <PlainButton to="/login" size="xs" variant="subtle" onClick={menu.close} data-testid="sign-in-link">
      {t('account.signIn')}
    </PlainButton>
  );
  const portalUrl = site.data?.tender_portal_url ?? '/portal';
  const portalButton = (
    <PlainButton href={portalUrl} size="xs" variant="filled" color="brand" rel="noopener">
      {t('nav.portalLogin')}
    </PlainButton>
  );

  return (
    <div className={classes.page}>
      <a href="#main" className={classes.skip}>
        {t('skipToContent')}
      </a>
      <header className={classes.header}>
        <Container size={longLabels ? 1400 : 'lg'} h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
            <Logo to="/" className={classes.logo} />
            <Box className={shown}>
              <Group
                gap={longLabels ? 0 : 4}
                component="nav"
                aria-label={t('nav.menu')}
                wrap="nowrap"
                className={longLabels ? classes.compact : undefined}
                data-testid="header-nav"
              >
                {HEADER_LINKS.map((link) =>
                  // SPEC §2: the Supplier Directory link opens the directories' mega-menu.
                  link.to === '/supplier-directory' ? (
                    <DirectoryMenu
                      key={link.to}
                      to={link.to}
                      label={t(link.key)}
                      className={classes.navLink}
                    />
                  ) : (
                    <NavLink key={link.to} to={link.to} className={classes.navLink}>
                      {t(link.key)}
                    </NavLink>
                  ),
                )}
              </Group>
            </Box>
            <Group gap="xs" wrap="nowrap">
              <LanguageSwitcher />
              <Box visibleFrom="sm">{accountLinks}</Box>
              <Box className={shown}>{portalButton}</Box>
              <Box className={folded}>
                {/* Mantine's Burger drawn with a button and CSS: its code is not in every page's first load. */}
                <button
                  type="button"
                  className={`mantine-focus-auto ${classes.burger}`}
                  onClick={menu.toggle}
                  aria-label={t('nav.menu')}
                  aria-expanded={menuOpen}
                  aria-controls="mobile-menu"
                >
                  <span className={classes.burgerLines} data-opened={menuOpen || undefined} />
                </button>
              </Box>
            </Group>
          </Group>
        </Container>
      </header>
      {/* A plain panel rather than a drawer: no portal or scroll-lock code in every page's first load. */}
      {menuOpen && (
        <Box className={`${classes.mobileMenu} ${folded}`} id="mobile-menu">
          <Container size="lg" py="sm">
            <Stack gap={4} component="nav" aria-label={t('nav.menu')}>
              {HEADER_LINKS.map((link) => (
                <NavLink key={link.to} to={link.to} className={classes.navLink} onClick={menu.close}>
                  {t(link.key)}
                </NavLink>
              ))}
              <Box hiddenFrom="sm" mt="xs">
                {accountLinks}
              </Box>
              <Box mt="xs">{portalButton}</Box>
            </Stack>
          </Container>
        </Box>
      )}

      <main id="main" className={classes.main}>
        <Outlet />
      </main>

      <footer className={classes.footer}>
        <Container size="lg" py="xl">
          <div className={classes.footerColumns}>
            <Stack gap="xs">
              <Logo to="/" className={classes.logo} />
              <Text size="sm" c="gray.4">
                {t('footer.about')}
              </Text>
              <Box component="nav" aria-label={t('footer.modules')} mt="xs">
                <Text fw={600} mb={6}>
                  {t('footer.modules')}
                </Text>
                <Stack gap={6} data-testid="footer-modules">
                  {MODULE_LINKS.map((link) => (
                    <Anchor key={link.to} component={Link} to={link.to} size="sm" c="gray.3">
                      {t(link.key)}
                    </Anchor>
                  ))}
                </Stack>
              </Box>
            </Stack>
            <Box component="nav" aria-label={t('footer.services')}>
              <Text fw={600} mb="xs">
                {t('footer.services')}
              </Text>
              <div className={classes.footerLinks}>
                {FOOTER_LINKS.map((link) => (
                  <Anchor key={link.key} component={Link} to={link.to} size="sm" c="gray.3">
                    {t(link.key)}
                  </Anchor>
                ))}
              </div>
            </Box>
            <Stack gap={6}>
              <Text fw={600}>{t('footer.contact')}</Text>
              <Anchor component={Link} to="/contact" size="sm" c="gray.3" data-testid="footer-contact">
                {t('footer.contactUs')}
              </Anchor>
              {site.data && (
                <>
                  <Anchor href={`mailto:${site.data.support_email}`} size="sm" c="gray.3">
                    {site.data.support_email}
                  </Anchor>
                  <Anchor href={`tel:${site.data.support_phone.replace(/\s+/g, '')}`} size="sm" c="gray.3">
                    {site.data.support_phone}
                  </Anchor>
                </>
              )}
              <Text size="sm" c="gray.4">
                Nairobi, Kenya
              </Text>
            </Stack>
          </div>
          <Text size="xs" c="gray.5" mt="xl">
            {t('footer.rights', { year: new Date().getFullYear() })}
          </Text>
        </Container>
      </footer>
    </div>
  );
}
