import { Container, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { ModuleIcon } from '../components/ModuleIcon.tsx';
import { locate, moduleEntry, PLATFORM_MODULES } from '../modules.ts';

const currentRelease = PLATFORM_MODULES.find((m) => m.release === 'current')!;

/** Modules of a later release: what they will do, and a way to the module this release brings. */
export function Component() {
  const { t } = useTranslation('platform');
  const navigate = useNavigate();
  const module = locate(useLocation().pathname)?.module;
  const name = module ? t(`modules.${module.key}.name`) : '';
  usePageTitle(name);
  if (!module) return null;
  return (
    <Container size="sm" data-testid="module-coming-soon">
      <StatusMessage
        icon={
          <ThemeIcon size={64} radius="xl" variant="light" color="gray">
            <ModuleIcon name={module.key} size={34} />
          </ThemeIcon>
        }
        title={t('comingSoon.title', { module: name })}
        body={`${t(`modules.${module.key}.summary`)} ${t('comingSoon.body', {
          module: t(`modules.${currentRelease.key}.name`),
        })}`}
        action={{
          label: t('comingSoon.cta', { module: t(`modules.${currentRelease.key}.name`) }),
          onClick: () => navigate(moduleEntry(currentRelease)),
        }}
      />
    </Container>
  );
}
