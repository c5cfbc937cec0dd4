import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

const LINKS = [
  { to: '/moderation/tenders', key: 'tenders' },
  { to: '/moderation/inquiries', key: 'inquiries' },
  { to: '/moderation/webinars', key: 'webinars' },
  { to: '/moderation/site', key: 'site' },
  { to: '/moderation/suppliers', key: 'suppliers' },
  { to: '/moderation/directories', key: 'directories' },
  { to: '/moderation/supplier-erasures', key: 'supplierErasures' },
  { to: '/moderation/tender-alerts', key: 'tenderAlerts' },
] as const;

/** The operator's areas side by side: tenders, inquiries, webinars, and the site's prices and clients. */
export function ModerationNav() {
  const { t } = useTranslation();
  return (
    <Group gap={4} component="nav" aria-label={t('nav.moderation')}>
      {LINKS.map((link) => (
        <NavLink key={link.to} to={link.to} end={false} style={{ textDecoration: 'none' }}>
          {({ isActive }) => (
            <Button size="xs" variant={isActive ? 'light' : 'subtle'} component="span">
              {t(`nav.moderationAreas.${link.key}`)}
            </Button>
          )}
        </NavLink>
      ))}
    </Group>
  );
}
