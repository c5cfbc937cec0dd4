import type { CSSProperties, DOMAttributes, MouseEventHandler, ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * Mantine's Button and ActionIcon drawn without their code, for the public pages' first load (issue 15: the
 * entry and the list and detail pages must stay within 150 KB of JS). Mantine's Button brings its loader
 * and transition machinery (about 3.5 KB gzip) to every page although no public page shows a loading
 * button. These render the same markup, classes and CSS variables as Mantine's for the variants used here
 * (PlainButton.test.tsx compares them with Mantine's own output), so the look and focus ring are Mantine's.
 */

type Variant = 'filled' | 'light' | 'subtle' | 'white' | 'outline' | 'default';
type Color = 'brand' | 'gray' | 'red' | 'yellow';
type Size = 'xs' | 'sm' | 'md';

/** Handlers a page may attach besides the press (the advertise page warms its form's code on hover). */
type Warming = Pick<DOMAttributes<HTMLElement>, 'onMouseEnter' | 'onFocus' | 'onTouchStart'>;

interface Target extends Warming {
  /** An address inside the app (a router link). */
  to?: string;
  /** An address outside the router (a plain link). */
  href?: string;
  rel?: string;
  onClick?: MouseEventHandler<HTMLElement>;
}

interface ButtonProps extends Target {
  variant?: Variant;
  color?: Color;
  size?: Size;
  radius?: 'xl';
  /** Text colour instead of the variant's (Mantine's `c`). */
  c?: 'dark';
  /** Horizontal padding in px instead of the size's (Mantine's `px`). */
  px?: number;
  disabled?: boolean;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
  'data-testid'?: string;
  'aria-pressed'?: boolean;
}

const BORDER = 'calc(0.0625rem * var(--mantine-scale)) solid transparent';

/** Mantine's auto-contrast: dark text on the light filled colours. */
const DARK_TEXT_ON: readonly Color[] = ['yellow'];

function colours(prefix: string, variant: Variant, color: Color): Record<string, string> {
  const v = (name: string, value: string) => [`--${prefix}-${name}`, value] as const;
  switch (variant) {
    case 'filled':
      return Object.fromEntries([
        v('bg', `var(--mantine-color-${color}-filled)`),
        v('hover', `var(--mantine-color-${color}-filled-hover)`),
        v(
          'color',
          DARK_TEXT_ON.includes(color) ? 'var(--mantine-color-black)' : 'var(--mantine-color-white)',
        ),
        v('bd', BORDER),
      ]);
    case 'white':
      return Object.fromEntries([
        v('bg', 'var(--mantine-color-white)'),
        v('hover', 'rgba(252, 252, 252, 1)'),
        v('color', `var(--mantine-color-${color}-filled)`),
        v('bd', BORDER),
      ]);
    case 'outline':
      return Object.fromEntries([
        v('bg', 'transparent'),
        v('hover', `var(--mantine-color-${color}-outline-hover)`),
        v('color', `var(--mantine-color-${color}-outline)`),
        v('bd', `calc(0.0625rem * var(--mantine-scale)) solid var(--mantine-color-${color}-outline)`),
      ]);
    case 'default':
      return Object.fromEntries([
        v('bg', 'var(--mantine-color-default)'),
        v('hover', 'var(--mantine-color-default-hover)'),
        v('color', 'var(--mantine-color-default-color)'),
        v('bd', 'calc(0.0625rem * var(--mantine-scale)) solid var(--mantine-color-default-border)'),
      ]);
  }
  return {
    [`--${prefix}-bg`]: variant === 'light' ? `var(--mantine-color-${color}-light)` : 'transparent',
    [`--${prefix}-hover`]: `var(--mantine-color-${color}-light-hover)`,
    [`--${prefix}-color`]: `var(--mantine-color-${color}-light-color)`,
    [`--${prefix}-bd`]: BORDER,
  };
}

function Element({
  to,
  href,
  rel,
  onClick,
  ...rest
}: Target & {
  className: string;
  style: CSSProperties;
  children: ReactNode;
  'data-variant': Variant;
  'data-size'?: string;
  'data-disabled'?: boolean;
  'aria-label'?: string;
  'aria-pressed'?: boolean;
  'data-testid'?: string;
  disabled?: boolean;
}) {
  if (to !== undefined) return <Link to={to} onClick={onClick} {...rest} />;
  if (href !== undefined) return <a href={href} rel={rel} onClick={onClick} {...rest} />;
  return <button type="button" onClick={onClick} {...rest} />;
}

const UNSTYLED = 'm_87cf2631 mantine-UnstyledButton-root';

/** The classes of Mantine's UnstyledButton (its reset and focus ring), for a plain `<button>`. */
export const UNSTYLED_BUTTON = `mantine-focus-auto ${UNSTYLED}`;

function padding(px: number) {
  return px === 0 ? '0rem' : `calc(${px / 16}rem * var(--mantine-scale))`;
}

export function PlainButton({
  variant = 'filled',
  color = 'brand',
  size,
  radius,
  c,
  px,
  disabled,
  className,
  style,
  children,
  ...rest
}: ButtonProps) {
  const sized = size
    ? {
        '--button-height': `var(--button-height-${size})`,
        '--button-padding-x': `var(--button-padding-x-${size})`,
        '--button-fz': `var(--mantine-font-size-${size})`,
      }
    : {};
  const active = disabled ? '' : ' mantine-active';
  return (
    <Element
      {...rest}
      className={`mantine-focus-auto${active}${className ? ` ${className}` : ''} m_77c9d27d mantine-Button-root ${UNSTYLED}`}
      style={{
        ...sized,
        ...(radius ? { '--button-radius': `var(--mantine-radius-${radius})` } : {}),
        ...colours('button', variant, color),
        ...(c ? { color: `var(--mantine-color-${c}-text)` } : {}),
        ...(px === undefined ? {} : { paddingInline: padding(px) }),
        ...style,
      }}
      data-variant={variant}
      {...(size ? { 'data-size': size } : {})}
      {...(disabled ? { 'data-disabled': true, disabled: true } : {})}
    >
      <span className="m_80f1301b mantine-Button-inner">
        <span className="m_811560b9 mantine-Button-label">{children}</span>
      </span>
    </Element>
  );
}

interface IconProps extends Target {
  variant?: Variant;
  color?: Color;
  'aria-label': string;
  children: ReactNode;
}

export function PlainActionIcon({ variant = 'filled', color = 'brand', children, ...rest }: IconProps) {
  return (
    <Element
      {...rest}
      className={`mantine-focus-auto mantine-active m_8d3f4000 mantine-ActionIcon-root ${UNSTYLED}`}
      style={colours('ai', variant, color)}
      data-variant={variant}
    >
      <span className="m_8d3afb97 mantine-ActionIcon-icon">{children}</span>
    </Element>
  );
}
