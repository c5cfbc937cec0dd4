import { describe, expect, it } from 'vitest';
import { richTextToPlain, sanitizeRichText } from './rich-text.ts';

describe('sanitizeRichText', () => {
  it('keeps formatting, lists, tables and safe links', () => {
    const html =
      '<h2>Scope</h2><p><strong>Supply</strong> of <em>desks</em></p><ul><li>one</li></ul><table><tr><td colspan="2">x</td></tr></table>';
    expect(sanitizeRichText(html)).toBe(html.replace('<table><tr>', '<table><tr>'));
    expect(sanitizeRichText('<a href="https://example.org/doc">doc</a>')).toBe(
      '<a href="https://example.org/doc" rel="noopener noreferrer nofollow" target="_blank">doc</a>',
    );
  });

  it('removes scripts, event handlers, styles, frames and javascript: links', () => {
    const dirty =
      '<p onclick="steal()">Hi<script>alert(1)</script></p><img src=x onerror=alert(1)><iframe src="https://evil"></iframe><style>p{}</style><a href="javascript:alert(1)">x</a><p style="color:red">y</p>';
    const clean = sanitizeRichText(dirty);
    expect(clean).not.toMatch(/script|onclick|onerror|iframe|style|javascript|<img/i);
    expect(clean).toContain('<p>Hi</p>');
    expect(clean).toContain('<p>y</p>');
  });

  it('gives the plain words for previews', () => {
    expect(richTextToPlain('<p>Supply &amp; delivery</p><p>of   desks</p>')).toBe(
      'Supply & delivery of desks',
    );
  });
});
