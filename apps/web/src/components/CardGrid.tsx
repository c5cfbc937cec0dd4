import type { CSSProperties, ReactNode } from 'react';
import classes from './CardGrid.module.css';

/** The public lists' grid of cards (jobs, tenders): 1, 2, then 4 columns. */
export function CardGrid({
  children,
  style,
  ...rest
}: {
  children: ReactNode;
  style?: CSSProperties;
  'aria-busy'?: boolean;
  'aria-label'?: string;
  'data-testid'?: string;
}) {
  return (
    <div className={classes.grid} style={style} {...rest}>
      {children}
    </div>
  );
}
