import { Badge, NavLink } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ModuleIcon } from '../../../features/platform/components/ModuleIcon.tsx';
import { locate, PLATFORM_HOME, PLATFORM_MODULES } from '../../../features/platform/modules.ts';

/** The modules, in SPEC order; procure-to-pay lists its screens, the others lead to "coming soon". */
export function PlatformNavbar({ onNavigate }: { onNavigate(): void }) {
  const { t } = useTranslation('platform');
  const { pathname } = useLocation();
  const here = locate(pathname);
  return (
    <nav aria-label={t('nav.label')}>
      <NavLink
        component={Link}
        to={PLATFORM_HOME}
        label={t('nav.home')}
        leftSection={<ModuleIcon name="home" />}
        active={here === null}
        onClick={onNavigate}
        data-testid="nav-home"
      />
      {PLATFORM_MODULES.map((module) =>
        module.screens.length > 0 ? (
          <NavLink
            key={module.key}
            label={t(`modules.${module.key}.name`)}
            leftSection={<ModuleIcon name={module.key} />}
            defaultOpened
            childrenOffset={30}
            data-testid={`nav-${module.key}`}
          >
            {module.screens.map((screen) => (
              <NavLink
                key={screen.key}
                component={Link}
                to={screen.path}
                label={t(`screens.${screen.key}.name`)}
                active={here?.screen?.key === screen.key}
                onClick={onNavigate}
                data-testid={`nav-${screen.key}`}
              />
            ))}
          </NavLink>
        ) : (
          <NavLink
            key={module.key}
            component={Link}
            to={module.path}
            label={t(`modules.${module.key}.name`)}
            leftSection={<ModuleIcon name={module.key} />}
            rightSection={
              <Badge size="xs" variant="light" color="gray">
                {t('nav.soon')}
              </Badge>
            }
            active={here?.module.key === module.key}
            onClick={onNavigate}
            data-testid={`nav-${module.key}`}
          />
        ),
      )}
    </nav>
  );
}
