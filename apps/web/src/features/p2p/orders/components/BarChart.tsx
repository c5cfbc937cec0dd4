import { Stack, Text } from '@mantine/core';
import classes from './BarChart.module.css';

export interface BarSeries {
  key: string;
  label: string;
  /** A Mantine colour variable, e.g. var(--mantine-color-blue-6). */
  color: string;
}

export interface BarRow {
  key: string;
  label: string;
  /** Per series key: the figure (for the bar's length) and its text. */
  values: Record<string, { value: number; text: string }>;
}

/**
 * A small horizontal bar chart written for these reports (no charting library: the bundle stays small).
 * Each row's bars are drawn to one scale; the figures are written beside them, and the chart names itself
 * for screen readers, who find the same figures in the table that follows it.
 */
export function BarChart({
  rows,
  series,
  label,
  testId,
}: {
  rows: BarRow[];
  series: BarSeries[];
  label: string;
  testId?: string;
}) {
  const max = Math.max(1, ...rows.flatMap((row) => series.map((s) => row.values[s.key]?.value ?? 0)));
  return (
    <Stack gap="sm" data-testid={testId}>
      <div className={classes.legend} aria-hidden>
        {series.map((s) => (
          <span key={s.key}>
            <span className={classes.swatch} style={{ background: s.color }} />
            {s.label}
          </span>
        ))}
      </div>
      <figure className={classes.chart} role="img" aria-label={label}>
        {rows.map((row) => (
          <div key={row.key} className={classes.row} data-testid="chart-row">
            <Text className={classes.label} component="span">
              {row.label}
            </Text>
            <div className={classes.bars}>
              {series.map((s) => {
                const figure = row.values[s.key];
                const share = figure ? Math.max(0, figure.value) / max : 0;
                return (
                  <div key={s.key} className={classes.series}>
                    <div className={classes.track}>
                      <div
                        className={classes.bar}
                        style={{ width: `${(share * 100).toFixed(2)}%`, background: s.color }}
                        data-series={s.key}
                      />
                    </div>
                    <span className={classes.value}>{figure?.text ?? ''}</span>
                  </div>
                );
              })}
            </div>
          </div>
        ))}
      </figure>
    </Stack>
  );
}
