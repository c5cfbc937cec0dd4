import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import * as contracts from './index.ts';
import { isMessageKey, issueMessage, issueTarget, MESSAGES } from './messages.ts';

/**
 * The contracts' schemas report catalogue keys, never English: the API answers the key as `code` (and the
 * English as `detail`), the web translates it. Three views of the same rule, so that a new English message
 * fails one of them wherever it is written.
 */

/** A message zod wrote itself (no `error` given): kept as zod's English, like today. */
const ZOD_OWN = '<zod’s own message>';

/** Every `*_MESSAGE(S)` export, flattened to `NAME.path` → value. */
function exportedMessages(): Array<[string, unknown]> {
  const found: Array<[string, unknown]> = [];
  const walk = (name: string, value: unknown) => {
    if (typeof value === 'object' && value !== null) {
      for (const [key, inner] of Object.entries(value)) walk(`${name}.${key}`, inner);
    } else found.push([name, value]);
  };
  for (const [name, value] of Object.entries(contracts)) {
    if (/_MESSAGES?$/.test(name)) walk(name, value);
  }
  return found;
}

const BAD_LEAVES: unknown[] = [
  undefined,
  null,
  '',
  '   ',
  'x',
  'not a date',
  '2026-02-30',
  'x'.repeat(2_100),
  'x'.repeat(200_001),
  -1,
  0,
  1.5,
  1e12,
  true,
  {},
  [],
];

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** Bad inputs for a schema, built from its shape: each field wrong in turn, each list with a wrong item. */
function badInputs(schema: unknown, depth = 0): unknown[] {
  if (depth > 4) return BAD_LEAVES;
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const inputs: unknown[] = [...BAD_LEAVES];
      for (const [key, field] of Object.entries(shape)) {
        for (const value of badInputs(field, depth + 1)) inputs.push({ [key]: value });
      }
      return inputs;
    }
    case 'array': {
      const items = badInputs(def.element, depth + 1);
      return [...BAD_LEAVES, ...items.map((item) => [item]), Array.from({ length: 300 }, () => items[0])];
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return badInputs(def.innerType, depth);
    case 'pipe':
      return [
        ...badInputs(def.in, depth),
        ...(defOf(def.out).type === 'transform' ? [] : badInputs(def.out, depth)),
      ];
    case 'union':
      return [...BAD_LEAVES, ...(def.options as unknown[]).flatMap((option) => badInputs(option, depth + 1))];
    default:
      return BAD_LEAVES;
  }
}

/** The package's source files, as text (Vite reads them; the package itself has no Node types). */
const sources = (
  import.meta as unknown as {
    glob: (pattern: string, options: object) => Record<string, string>;
  }
).glob('./*.ts', { query: '?raw', import: 'default', eager: true });

const schemas = Object.entries(contracts).filter(([, value]) => value instanceof z.ZodType) as Array<
  [string, z.ZodType]
>;

describe('the contracts’ messages are catalogue keys', () => {
  it('every exported message constant holds catalogue keys', () => {
    const constants = exportedMessages();
    expect(constants.length).toBeGreaterThan(100);
    const notKeys = constants.filter(([, value]) => !isMessageKey(value));
    expect(notKeys).toEqual([]);
  });

  it('no schema source writes an English message', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(20);
    const literals: string[] = [];
    for (const [file, source] of Object.entries(sources)) {
      if (file.endsWith('.test.ts') || file.endsWith('/messages.ts')) continue;
      const pattern =
        /\b(?:error|message)\s*:\s*(['"`])((?:(?!\1).)*)\1|\brecordId\(\s*(['"`])((?:(?!\3).)*)\3/g;
      for (const match of source.matchAll(pattern)) {
        const text = match[2] ?? match[4]!;
        if (!isMessageKey(text)) literals.push(`${file}: ${text}`);
      }
    }
    expect(literals).toEqual([]);
  });

  // A sweep over every exported schema (over a hundred, each with dozens of wrong inputs): about 3 s of CPU
  // alone, past vitest's 5 s default on 2 cores shared with the other test workers, and growing with the API.
  it(
    'every issue of every exported schema, for inputs wrong in many ways, is a catalogue key',
    { timeout: 60_000 },
    () => {
      expect(schemas.length).toBeGreaterThan(50);
      const offending = new Set<string>();
      const keys = new Set<string>();
      for (const [name, schema] of schemas) {
        for (const input of badInputs(schema)) {
          const result = schema.safeParse(input, { error: () => ZOD_OWN });
          if (result.success) continue;
          for (const issue of result.error.issues) {
            if (issue.message === ZOD_OWN) continue;
            if (isMessageKey(issue.message)) keys.add(issue.message);
            else offending.add(`${name} ${issue.path.join('.')}: ${issue.message}`);
          }
        }
      }
      expect([...offending]).toEqual([]);
      // The walk reaches the schemas' own messages, not only zod's.
      for (const key of [
        'field.required',
        'field.too_long',
        'requisition.price',
        'field.no_lines',
        'field.date',
      ]) {
        expect(keys).toContain(key);
      }
    },
  );
});

describe('a zod issue as a catalogue message', () => {
  it('fills {max}, {min} and {choices} from the issue, and places a line item', () => {
    const bad = contracts.requisitionForm.safeParse({
      title: 'x'.repeat(300),
      department_id: 1,
      currency: 'KES',
      lines: [
        { description: 'Paper', category_id: 1, quantity: '1', unit_price: '10.00' },
        { description: 'Ink', category_id: 1, quantity: '1', unit_price: null },
      ],
    });
    expect(bad.success).toBe(false);
    const issues = bad.error!.issues;
    const price = issues.find((issue) => issue.path.join('.') === 'lines.1.unit_price')!;
    expect(issueMessage(price)).toEqual({
      key: 'requisition.price',
      params: {},
      text: MESSAGES['requisition.price'],
    });
    expect(issueTarget(price.path)).toEqual({ field: 'lines.1.unit_price', line: 1 });
    const title = issues.find((issue) => issue.path.join('.') === 'title')!;
    expect(issueMessage(title)?.text).toBe('Ensure this field has no more than 200 characters.');
    expect(issueTarget(title.path)).toEqual({ field: 'title' });

    const ordering = contracts.requisitionsQuery.safeParse({ ordering: 'nonsense' });
    const order = ordering.error!.issues[0]!;
    expect(issueMessage(order)?.key).toBe('field.ordering');
    expect(issueMessage(order)?.text).toMatch(/^Order by one of: [a-z_-]+(, [a-z_-]+)+\.$/);

    expect(issueMessage({ message: 'Invalid input', path: [] })).toBeUndefined();
    expect(issueTarget([])).toEqual({ field: 'non_field_errors' });
  });
});
