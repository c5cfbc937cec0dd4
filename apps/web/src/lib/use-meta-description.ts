import { useEffect } from 'react';
import { recordHead } from './render-context.ts';

/**
 * Sets `<meta name="description">` while a page is shown and puts the site's own back afterwards (the
 * server injects the same text for crawlers, which do not run scripts).
 */
export function useMetaDescription(text: string | undefined) {
  // On the server the description goes into the HTML's <meta> (effects do not run there).
  if (text) recordHead({ description: text });
  useEffect(() => {
    if (!text) return;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    const previous = meta.content;
    meta.content = text;
    return () => {
      if (created) meta.remove();
      else meta.content = previous;
    };
  }, [text]);
}
