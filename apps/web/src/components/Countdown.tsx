import { Group, Text } from '@mantine/core';
import { countdown } from '@zabuni/domain';
import { useTranslation } from 'react-i18next';
import { useNow } from '../lib/use-now.ts';
import classes from './Countdown.module.css';

/** Live time left until a deadline, refreshed every second (SPEC §9); "Deadline passed." afterwards. */
export function Countdown({ closingAt }: { closingAt: string }) {
  const { t } = useTranslation();
  const now = useNow();
  const left = countdown(new Date(closingAt), new Date(now));
  if (left.passed) {
    return (
      <Text size="sm" fw={600} c="red.7" data-testid="countdown">
        {t('countdown.passed')}
      </Text>
    );
  }
  const units = [
    ['days', left.days],
    ['hours', left.hours],
    ['minutes', left.minutes],
    ['seconds', left.seconds],
  ] as const;
  return (
    <Group gap={6} wrap="nowrap" data-testid="countdown" aria-label={t('countdown.label')} role="timer">
      {units.map(([unit, value]) => (
        <div key={unit} className={classes.unit}>
          <span className={classes.value} data-unit={unit}>
            {String(value).padStart(2, '0')}
          </span>
          <span className={classes.label}>{t(`countdown.${unit}`, { count: value })}</span>
        </div>
      ))}
    </Group>
  );
}
