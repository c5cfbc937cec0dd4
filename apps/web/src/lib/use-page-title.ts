import { useEffect } from 'react';
import { recordHead } from './render-context.ts';

export function usePageTitle(title: string) {
  // On the server the title goes into the HTML's <title> (effects do not run there).
  recordHead({ title });
  useEffect(() => {
    document.title = `${title} · Zabuni`;
  }, [title]);
}
