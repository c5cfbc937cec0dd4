import { Badge, NavLink } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { toAcknowledgeQuery } from '../api.ts';

const ICONS = {
  orders: 'M6 3h9l4 4v14H6zM14 3v5h5M9 12h7M9 16h7',
  invoices: 'M7 3h10v18l-2.5-1.5L12 21l-2.5-1.5L7 21zM10 8h4M10 12h4M10 16h2',
  statement: 'M4 20h16M7 16V9M12 16V5M17 16v-4',
  contracts: 'M6 3h9l4 4v14H6zM14 3v5h5M9 13l2 2 4-4M9 18h6',
  prequalifications: 'M9 11l3 3 8-8M20 12v7a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h9',
  riskQuestionnaires: 'M12 3l9 16H3zM12 10v4M12 17v.5',
  rfqs: 'M5 3h14v18H5zM8 8h8M8 12h8M8 16h4M15 15l2 2 3-3',
  tenders: 'M4 7h16v13H4zM9 7V4h6v3M4 12h16M12 11v3',
  auctions: 'M14 4l6 6M11 7l6 6M12.5 5.5l-7 7M4 20h9M8 16l-3-3',
  assetSales: 'M3 12l9-9 9 9M5 10v10h14V10M10 20v-6h4v6',
  myData: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM9 12l2 2 4-4',
} as const;

function Icon({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable="false"
    >
      <path d={ICONS[name]} />
    </svg>
  );
}

export const PORTAL_SECTIONS = [
  { key: 'orders', path: '/portal/purchase-orders' },
  { key: 'invoices', path: '/portal/invoices' },
  { key: 'statement', path: '/portal/statement' },
  { key: 'contracts', path: '/portal/contracts' },
  { key: 'prequalifications', path: '/portal/prequalifications' },
  { key: 'riskQuestionnaires', path: '/portal/risk/questionnaires' },
  { key: 'rfqs', path: '/portal/rfqs' },
  { key: 'tenders', path: '/portal/tenders' },
  { key: 'auctions', path: '/portal/auctions' },
  { key: 'assetSales', path: '/portal/asset-sales' },
  { key: 'myData', path: '/portal/my-data' },
] as const;

/** The portal's three sections; orders waiting for an answer are counted beside theirs. */
export function PortalNav({ onNavigate }: { onNavigate(): void }) {
  const { t } = useTranslation('portal');
  const { pathname } = useLocation();
  const waiting = useQuery(toAcknowledgeQuery).data?.count ?? 0;
  return (
    <nav aria-label={t('shell.navLabel')}>
      {PORTAL_SECTIONS.map((section) => (
        <NavLink
          key={section.key}
          component={Link}
          to={section.path}
          label={t(`nav.${section.key}`)}
          leftSection={<Icon name={section.key} />}
          rightSection={
            section.key === 'orders' && waiting > 0 ? (
              <Badge
                size="sm"
                color="orange"
                variant="filled"
                circle={waiting < 10}
                aria-label={t('nav.toAcknowledge', { count: waiting })}
                data-testid="nav-orders-waiting"
              >
                {waiting}
              </Badge>
            ) : undefined
          }
          active={pathname === section.path || pathname.startsWith(`${section.path}/`)}
          onClick={onNavigate}
          data-testid={`nav-portal-${section.key}`}
        />
      ))}
    </nav>
  );
}
