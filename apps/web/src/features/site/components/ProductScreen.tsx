import type { SiteScreen } from '@zabuni/contracts';
import screens from '../screens/screens.json';

interface ScreenFile {
  width: number;
  height: number;
}

/** Where `npm run screenshots:site` (scripts/site-screenshots.mjs) puts the product's screens. */
export const screenSource = (screen: SiteScreen) => `/site/screens/${screen}.webp`;
/** The same screen 720 px wide, for phones. */
const smallSource = (screen: SiteScreen) => `/site/screens/${screen}-720.webp`;

/** How wide the page shows a screen: the whole column, or half of it beside another (`half`). */
const SIZES = {
  full: '(min-width: 1200px) 1120px, calc(100vw - 32px)',
  half: '(min-width: 1200px) 540px, (min-width: 62em) calc(50vw - 48px), calc(100vw - 32px)',
} as const;

export function screenSize(screen: SiteScreen): ScreenFile | undefined {
  return (screens as Partial<Record<SiteScreen, ScreenFile>>)[screen];
}

/**
 * A real screen of the product, taken from the running app on the demo data (never a stock picture). Below
 * the fold, so loaded lazily; its width and height reserve the space (no layout shift). A screen the script
 * has not taken yet is left out rather than shown broken.
 */
export function ProductScreen({
  screen,
  alt,
  eager = false,
  layout = 'full',
}: {
  screen: SiteScreen;
  alt: string;
  eager?: boolean;
  layout?: keyof typeof SIZES;
}) {
  const size = screenSize(screen);
  if (!size) return null;
  return (
    <img
      src={screenSource(screen)}
      srcSet={`${smallSource(screen)} 720w, ${screenSource(screen)} ${size.width}w`}
      sizes={SIZES[layout]}
      alt={alt}
      width={size.width}
      height={size.height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className="zm-screen"
      data-testid={`screen-${screen}`}
    />
  );
}
