/**
 * The marketing pages' own styles, written into the page itself rather than a stylesheet of their own:
 * a page-specific stylesheet is one more render-blocking request before the first paint (Lighthouse mobile:
 * the home page's first paint came 0.8-1.6 s after /contact's, which has none). Rendered once per page, on
 * the server too; class names start with `zs-`.
 */
const CSS =
  '.zs-hero{background:linear-gradient(135deg,var(--mantine-color-brand-9),var(--mantine-color-brand-6));color:var(--mantine-color-white);}.zs-heroTitle{color:var(--mantine-color-white);font-size:clamp(1.9rem,4vw,2.8rem);line-height:1.15;}.zs-heroText{color:rgba(255,255,255,0.92);}.zs-band{background:var(--mantine-color-gray-0);}.zs-claimValue{font-size:1.75rem;font-weight:700;line-height:1.2;color:var(--mantine-color-brand-7);}.zs-card{height:100%;display:flex;flex-direction:column;}.zs-cardLink{margin-top:auto;}.zs-faq{border-bottom:1px solid var(--mantine-color-gray-3);}.zs-faq summary{cursor:pointer;padding:14px 0;font-weight:600;list-style-position:inside;}.zs-faq summary:focus-visible{outline:2px solid var(--mantine-color-brand-6);outline-offset:2px;}.zs-faq p{margin:0 0 14px;}.zs-toggle{display:inline-flex;border:1px solid var(--mantine-color-gray-4);border-radius:var(--mantine-radius-xl);padding:3px;gap:3px;}.zs-price{font-size:2rem;font-weight:700;line-height:1.1;}';

export function SiteStyles() {
  // A static string of ours: nothing from content or users goes in here.
  return <style dangerouslySetInnerHTML={{ __html: CSS }} />;
}
