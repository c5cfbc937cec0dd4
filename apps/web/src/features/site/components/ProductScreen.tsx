import type { SiteScreen } from '@zabuni/contracts';
import screens from '../screens/screens.json';

interface ScreenFile {
  width: number;
  height: number;
}

/** Where `npm run screenshots:site` (scripts/site-screenshots.mjs) puts the product's screens. */
export const screenSource = (screen: SiteScreen) => `/site/screens/${screen}.webp`;

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
}: {
  screen: SiteScreen;
  alt: string;
  eager?: boolean;
}) {
  const size = screenSize(screen);
  if (!size) return null;
  return (
    <img
      src={screenSource(screen)}
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
