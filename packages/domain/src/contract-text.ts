/**
 * Contract texts (issue 22): templates with merge fields (`{{supplier_name}}`) filled from the contract's
 * parties and terms, and a readable comparison of two versions, paragraph by paragraph and word by word.
 */

/** The merge fields a template may use; the contract's terms fill them. */
export const MERGE_FIELDS = [
  'contract_number',
  'contract_title',
  'buyer_name',
  'supplier_name',
  'contract_value',
  'currency',
  'start_date',
  'end_date',
  'payment_terms',
  'renewal',
  'notice_days',
  'items',
  'clauses',
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

const FIELD = /\{\{\s*([a-z_]+)\s*\}\}/g;

/** The merge fields a template names (in order of first use), and any names that are not merge fields. */
export function templateFields(text: string): { fields: MergeField[]; unknown: string[] } {
  const fields: MergeField[] = [];
  const unknown: string[] = [];
  for (const [, name] of text.matchAll(FIELD)) {
    const list = (MERGE_FIELDS as readonly string[]).includes(name!) ? fields : unknown;
    if (!(list as string[]).includes(name!)) (list as string[]).push(name!);
  }
  return { fields, unknown };
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

/**
 * Fills a template's merge fields. Values are text, escaped for HTML, except `clauses` and `items`, which
 * are HTML the caller has already built from sanitised clauses. A field without a value stays visible as
 * `{{name}}` and is listed in `missing`, so the author sees what is left to fill.
 */
export function fillTemplate(
  html: string,
  values: Partial<Record<MergeField, string>>,
): { html: string; missing: string[] } {
  const missing: string[] = [];
  const filled = html.replace(FIELD, (whole, name: string) => {
    const value = (values as Record<string, string | undefined>)[name];
    const html = name === 'clauses' || name === 'items';
    if (value === undefined || (value === '' && !html)) {
      if (!missing.includes(name)) missing.push(name);
      return whole;
    }
    return html ? value : escapeHtml(value);
  });
  return { html: filled, missing };
}

/** Appends the chosen clauses where the template says `{{clauses}}`, or at its end when it does not. */
export function withClauses(templateHtml: string): string {
  return /\{\{\s*clauses\s*\}\}/.test(templateHtml) ? templateHtml : `${templateHtml}{{clauses}}`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** A rich text as plain paragraphs (block elements and line breaks split it), for search and comparison. */
export function htmlToParagraphs(html: string): string[] {
  return html
    .replace(/<(br|\/p|\/h[1-6]|\/li|\/tr|\/blockquote|\/div|hr)[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e]!)
    .split('\n')
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter((p) => p.length > 0);
}

export type DiffOp = 'same' | 'added' | 'removed';
export interface DiffPart {
  op: DiffOp;
  text: string;
}
/** One paragraph of a comparison: unchanged, added, removed, or changed (with its word-level parts). */
export interface ParagraphDiff {
  op: DiffOp | 'changed';
  parts: DiffPart[];
}

/** The longest common subsequence's alignment of two sequences, as edit operations. */
function align<T>(a: readonly T[], b: readonly T[]): Array<{ op: DiffOp; a?: T; b?: T }> {
  // Common head and tail first: versions mostly differ in a few places, and it keeps the table small.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head += 1;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail += 1;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  const ops: Array<{ op: DiffOp; a?: T; b?: T }> = a.slice(0, head).map((x) => ({ op: 'same', a: x, b: x }));
  const n = midA.length;
  const m = midB.length;
  if (n * m > 4_000_000) {
    // Too large to align finely: everything in between is replaced.
    for (const x of midA) ops.push({ op: 'removed', a: x });
    for (const y of midB) ops.push({ op: 'added', b: y });
  } else {
    const table = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
    for (let i = n - 1; i >= 0; i -= 1)
      for (let j = m - 1; j >= 0; j -= 1)
        table[i]![j] =
          midA[i] === midB[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
    let i = 0;
    let j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && midA[i] === midB[j]) {
        ops.push({ op: 'same', a: midA[i], b: midB[j] });
        i += 1;
        j += 1;
      } else if (i < n && (j === m || table[i + 1]![j]! >= table[i]![j + 1]!)) {
        ops.push({ op: 'removed', a: midA[i] });
        i += 1;
      } else {
        ops.push({ op: 'added', b: midB[j] });
        j += 1;
      }
    }
  }
  for (const x of a.slice(a.length - tail)) ops.push({ op: 'same', a: x, b: x });
  return ops;
}

/** Word-level differences of two paragraphs, consecutive words of one kind joined. */
export function diffWords(before: string, after: string): DiffPart[] {
  const words = (text: string) => text.split(/\s+/).filter((w) => w.length > 0);
  const parts: DiffPart[] = [];
  for (const { op, a, b } of align(words(before), words(after))) {
    const word = (op === 'added' ? b : a)!;
    const last = parts.at(-1);
    if (last && last.op === op) last.text += ` ${word}`;
    else parts.push({ op, text: word });
  }
  return parts;
}

/**
 * A readable comparison of two versions: paragraphs kept, added and removed; a paragraph removed and one
 * added at the same place are shown as one changed paragraph, word by word.
 */
export function compareVersions(beforeHtml: string, afterHtml: string): ParagraphDiff[] {
  const ops = align(htmlToParagraphs(beforeHtml), htmlToParagraphs(afterHtml));
  const result: ParagraphDiff[] = [];
  for (let k = 0; k < ops.length; k += 1) {
    const { op, a } = ops[k]!;
    if (op === 'same') {
      result.push({ op, parts: [{ op, text: a! }] });
      continue;
    }
    // A run of removed paragraphs followed by added ones: pair them up as changes.
    const removed: string[] = [];
    const added: string[] = [];
    while (k < ops.length && ops[k]!.op === 'removed') removed.push(ops[k++]!.a!);
    while (k < ops.length && ops[k]!.op === 'added') added.push(ops[k++]!.b!);
    k -= 1;
    const pairs = Math.min(removed.length, added.length);
    for (let p = 0; p < pairs; p += 1)
      result.push({ op: 'changed', parts: diffWords(removed[p]!, added[p]!) });
    for (const text of removed.slice(pairs)) result.push({ op: 'removed', parts: [{ op: 'removed', text }] });
    for (const text of added.slice(pairs)) result.push({ op: 'added', parts: [{ op: 'added', text }] });
  }
  return result;
}
