/**
 * The module pages' and demo tour's own styles, written into the page like SiteStyles (no render-blocking
 * stylesheet of their own). Class names start with `zm-`; a static string of ours.
 */
const CSS =
  '.zm-screen{display:block;width:100%;height:auto;border:1px solid var(--mantine-color-gray-3);border-radius:var(--mantine-radius-md);box-shadow:var(--mantine-shadow-sm);background:var(--mantine-color-gray-0);}.zm-breadcrumb{color:rgba(255,255,255,0.92);text-decoration:underline;}.zm-features{margin:0;padding-inline-start:1.25rem;}.zm-features li+li{margin-top:4px;}.zm-tour:focus-visible{outline:3px solid var(--mantine-color-brand-5);outline-offset:4px;border-radius:var(--mantine-radius-md);}';

export function ModuleStyles() {
  return <style dangerouslySetInnerHTML={{ __html: CSS }} />;
}
