import { Box, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { HeatMapCellView, HeatMapView } from '@zabuni/contracts';
import { useTranslation } from 'react-i18next';
import { NS } from '../api.ts';

/**
 * The heat map as a table: rows are likelihood (highest first), columns impact. Every cell says its number
 * of risks and its score in text, with black or white text chosen for contrast on the band's colour, and a
 * legend names the bands by score range: colour is never the only carrier of the meaning.
 */
export function HeatMap({
  view,
  rating,
  testId,
}: {
  view: HeatMapView;
  rating: 'inherent' | 'residual';
  testId?: string;
}) {
  const { t } = useTranslation(NS);
  const grid = view[rating];
  const bands = view.matrix.bands;
  const bandName = (key: string) => t(`bands.${key}`, { defaultValue: key });
  const cellLabel = (cell: HeatMapCellView) =>
    t('heatMap.cell', {
      likelihood: cell.likelihood,
      impact: cell.impact,
      score: cell.score,
      band: bandName(cell.band),
      count: cell.count,
    });
  return (
    <Stack gap="xs" data-testid={testId}>
      <Box style={{ overflowX: 'auto' }}>
        <table style={{ borderCollapse: 'separate', borderSpacing: 3, width: '100%', maxWidth: 520 }}>
          <caption style={{ captionSide: 'top', textAlign: 'left' }}>
            <Text size="sm" fw={600}>
              {t(`heatMap.${rating}`)}
            </Text>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <VisuallyHidden>{t('heatMap.likelihoodImpact')}</VisuallyHidden>
              </th>
              {grid[0]?.map((cell) => (
                <th key={cell.impact} scope="col">
                  <Text size="xs" c="dimmed" ta="center">
                    {t('heatMap.impactShort', { level: cell.impact })}
                  </Text>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.map((row) => (
              <tr key={row[0]!.likelihood}>
                <th scope="row" style={{ whiteSpace: 'nowrap', paddingRight: 4 }}>
                  <Text size="xs" c="dimmed">
                    {t('heatMap.likelihoodShort', { level: row[0]!.likelihood })}
                  </Text>
                </th>
                {row.map((cell) => (
                  <td
                    key={cell.impact}
                    aria-label={cellLabel(cell)}
                    title={cellLabel(cell)}
                    data-testid={`heat-${rating}-${cell.likelihood}-${cell.impact}`}
                    data-count={cell.count}
                    style={{
                      background: cell.colour,
                      color: cell.text_colour,
                      borderRadius: 4,
                      textAlign: 'center',
                      minWidth: 44,
                      height: 48,
                      outline: cell.count > 0 ? `3px solid ${cell.text_colour}` : undefined,
                      outlineOffset: -4,
                    }}
                  >
                    <Text span fw={700} size="md" c="inherit" style={{ display: 'block', lineHeight: 1.1 }}>
                      {cell.count > 0 ? cell.count : '·'}
                    </Text>
                    <Text span size="xs" c="inherit" style={{ display: 'block' }}>
                      {cell.score}
                    </Text>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
      <Group gap="xs" wrap="wrap" aria-label={t('heatMap.legend')} role="list">
        {bands.map((band, index) => {
          const next = bands[index + 1];
          const max = view.matrix.likelihood_levels * view.matrix.impact_levels;
          return (
            <Group key={band.key} gap={4} role="listitem">
              <Box
                w={14}
                h={14}
                style={{ background: band.colour, borderRadius: 3, border: '1px solid #495057' }}
              />
              <Text size="xs">
                {t('heatMap.band', {
                  band: bandName(band.key),
                  from: band.min_score,
                  to: next ? next.min_score - 1 : max,
                })}
              </Text>
            </Group>
          );
        })}
        <Text size="xs" c="dimmed">
          {t('heatMap.appetite', { appetite: view.matrix.appetite })}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {t('heatMap.howToRead')}
      </Text>
    </Stack>
  );
}
