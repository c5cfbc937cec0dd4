import { Stack, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { usePlatform } from '../../../../lib/platform-context.ts';
import { NS } from '../components/shared.tsx';
import { PageHeader } from '../../../../components/PageFrame.tsx';

export const SETUP_TABS = ['departments', 'members', 'fiscal-years', 'tax-rates', 'delegations'] as const;
export type SetupTab = (typeof SETUP_TABS)[number];
const BASE = '/app/p2p/organisation-setup';

/** The tab a path shows; the set-up page's own address shows departments. */
export function tabOf(pathname: string): SetupTab {
  const segment = pathname
    .replace(/\/+$/, '')
    .slice(BASE.length + 1)
    .split('/')[0];
  return SETUP_TABS.find((tab) => tab === segment) ?? 'departments';
}

/**
 * `/app/p2p/organisation-setup[/<tab>]`: departments, members and their roles, fiscal years, tax rates and
 * delegations, one tab each, each with an address of its own (links and the back button work).
 */
export function Component() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const tab = tabOf(useLocation().pathname);
  return (
    <Stack gap="lg" maw={1120} mx="auto" data-testid="organisation-setup">
      <PageHeader
        module="p2p"
        title={t('screens.organisationSetup.name', { ns: 'platform' })}
        lead={t('setup.description')}
      />
      <Tabs
        value={tab}
        onChange={(value) => value && void navigate(`${BASE}/${value}`)}
        keepMounted={false}
        variant="pills"
      >
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          {SETUP_TABS.map((key) => (
            <Tabs.Tab key={key} value={key} data-testid={`setup-tab-${key}`}>
              {t(`setup.tabs.${key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {/* The tabs read the organisation from the platform layout, as pages do. */}
      <Outlet context={usePlatform()} />
    </Stack>
  );
}
