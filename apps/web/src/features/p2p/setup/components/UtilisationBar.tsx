import { Badge, Box, Group, Progress, SimpleGrid, Text, Tooltip } from '@mantine/core';
import { formatMinor } from '@zabuni/domain';
import { useTranslation } from 'react-i18next';
import { barSections, stateOf, usedPercent, type Figures } from '../model/utilisation.ts';
import { NS } from './shared.tsx';
import classes from './UtilisationBar.module.css';

export const FIGURE_COLOURS = {
  actual: 'teal.8',
  committed: 'blue.6',
  proposed: 'yellow.5',
} as const;

type Figure = 'amount' | 'actual' | 'committed' | 'proposed' | 'available';

/**
 * Budget against actual, committed and proposed spend as one stacked bar, with every figure also written
 * out in full beside its colour (colour alone says nothing to a screen reader or a colour-blind reader).
 * Red when committed and actual spend pass the budget; amber when approving what is proposed would.
 */
export function UtilisationBar({
  figures,
  testId,
  compact = false,
}: {
  figures: Figures;
  testId?: string;
  compact?: boolean;
}) {
  const { t } = useTranslation(NS);
  const money = (minor: number) => formatMinor(minor, figures.currency);
  const sections = barSections(figures);
  const state = stateOf(figures);
  const used = usedPercent(figures);
  const item = (figure: Figure, value: number, colour?: string) => (
    <Box key={figure} data-testid={`utilisation-${figure}`} className={classes.item}>
      <Group gap={6} wrap="nowrap">
        {colour ? (
          <span
            className={classes.swatch}
            style={{ background: `var(--mantine-color-${colour.replace('.', '-')})` }}
          />
        ) : (
          <span className={classes.swatch} data-outline />
        )}
        <Text size="xs" c="dimmed" lh={1.3}>
          {t(`utilisation.${figure}`)}
        </Text>
      </Group>
      <Text
        size="sm"
        fw={600}
        className={classes.amount}
        c={figure === 'available' && value < 0 ? 'red.7' : undefined}
      >
        {money(value)}
      </Text>
    </Box>
  );
  const sectionLabel = (figure: Figure, value: number) => `${t(`utilisation.${figure}`)}: ${money(value)}`;

  return (
    <Box data-testid={testId} data-state={state} className={classes.root}>
      <Group justify="space-between" gap="xs" mb={6} wrap="wrap">
        <Text size="sm" fw={500}>
          {used === null ? t('utilisation.noAmount') : t('utilisation.used', { percent: used })}
        </Text>
        {state !== 'within' && (
          <Badge
            color={state === 'over' ? 'red' : 'orange'}
            variant="light"
            tt="none"
            data-testid="utilisation-state"
          >
            {state === 'over'
              ? t('utilisation.overBy', { amount: money(-figures.available) })
              : t('utilisation.proposedOverBy', { amount: money(-figures.availableAfterProposed) })}
          </Badge>
        )}
      </Group>
      <Box className={classes.barWrap}>
        <Progress.Root
          size={compact ? 'md' : 'xl'}
          radius="sm"
          className={classes.bar}
          data-over={state === 'over' || undefined}
          aria-label={t('utilisation.barLabel')}
        >
          {sections.actual > 0 && (
            <Tooltip label={sectionLabel('actual', figures.actual)}>
              <Progress.Section
                value={sections.actual}
                color={state === 'over' ? 'red.8' : FIGURE_COLOURS.actual}
                aria-label={sectionLabel('actual', figures.actual)}
              />
            </Tooltip>
          )}
          {sections.committed > 0 && (
            <Tooltip label={sectionLabel('committed', figures.committed)}>
              <Progress.Section
                value={sections.committed}
                color={state === 'over' ? 'red.6' : FIGURE_COLOURS.committed}
                aria-label={sectionLabel('committed', figures.committed)}
              />
            </Tooltip>
          )}
          {sections.proposed > 0 && (
            <Tooltip label={sectionLabel('proposed', figures.proposed)}>
              <Progress.Section
                value={sections.proposed}
                color={FIGURE_COLOURS.proposed}
                striped
                aria-label={sectionLabel('proposed', figures.proposed)}
              />
            </Tooltip>
          )}
        </Progress.Root>
        {sections.budgetMark < 100 && (
          <span
            className={classes.mark}
            style={{ left: `${sections.budgetMark}%` }}
            aria-hidden
            title={t('utilisation.amount')}
          />
        )}
      </Box>
      <SimpleGrid cols={{ base: 2, xs: compact ? 5 : 3, md: 5 }} spacing="xs" verticalSpacing={6} mt="xs">
        {item('amount', figures.amount)}
        {item('actual', figures.actual, FIGURE_COLOURS.actual)}
        {item('committed', figures.committed, FIGURE_COLOURS.committed)}
        {item('proposed', figures.proposed, FIGURE_COLOURS.proposed)}
        {item('available', figures.available)}
      </SimpleGrid>
    </Box>
  );
}
