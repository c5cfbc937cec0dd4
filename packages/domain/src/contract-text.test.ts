import { describe, expect, it } from 'vitest';
import {
  compareVersions,
  diffWords,
  fillTemplate,
  htmlToParagraphs,
  templateFields,
  withClauses,
} from './contract-text.ts';

describe('templates and merge fields', () => {
  it('lists the fields a template names, and the names that are not fields', () => {
    expect(
      templateFields('<p>{{supplier_name}} and {{ buyer_name }}, {{supplier_name}} {{colour}}</p>'),
    ).toEqual({
      fields: ['supplier_name', 'buyer_name'],
      unknown: ['colour'],
    });
  });

  it.each([
    [
      '<p>Between {{buyer_name}} and {{supplier_name}}</p>',
      { buyer_name: 'Umoja', supplier_name: 'A & B <Ltd>' },
      '<p>Between Umoja and A &amp; B &lt;Ltd&gt;</p>',
      [],
    ],
    [
      '<p>Value {{contract_value}} from {{start_date}}</p>',
      { contract_value: 'KES 1,000.00' },
      '<p>Value KES 1,000.00 from {{start_date}}</p>',
      ['start_date'],
    ],
    [
      '<p>Terms</p>{{clauses}}',
      { clauses: '<h3>Clause</h3><p>x</p>' },
      '<p>Terms</p><h3>Clause</h3><p>x</p>',
      [],
    ],
    ['<p>Terms</p>{{clauses}}', { clauses: '' }, '<p>Terms</p>', []],
  ])('fills %s', (html, values, expected, missing) => {
    expect(fillTemplate(html, values)).toEqual({ html: expected, missing });
  });

  it('clauses go at the end of a template that does not place them', () => {
    expect(withClauses('<p>A</p>')).toBe('<p>A</p>{{clauses}}');
    expect(withClauses('{{clauses}}<p>A</p>')).toBe('{{clauses}}<p>A</p>');
  });
});

describe('version comparison', () => {
  it('reads paragraphs out of rich text', () => {
    expect(htmlToParagraphs('<h2>Title</h2><p>One &amp; two</p><ul><li>a</li><li>b</li></ul>')).toEqual([
      'Title',
      'One & two',
      'a',
      'b',
    ]);
  });

  it.each([
    [
      'pay within 30 days of invoice',
      'pay within 45 days of invoice',
      [
        { op: 'same', text: 'pay within' },
        { op: 'removed', text: '30' },
        { op: 'added', text: '45' },
        { op: 'same', text: 'days of invoice' },
      ],
    ],
    [
      'a b c',
      'a b c d',
      [
        { op: 'same', text: 'a b c' },
        { op: 'added', text: 'd' },
      ],
    ],
    ['', 'new', [{ op: 'added', text: 'new' }]],
  ])('words: %j → %j', (before, after, expected) => expect(diffWords(before, after)).toEqual(expected));

  it('shows kept, changed, added and removed paragraphs', () => {
    const before = '<p>Parties</p><p>Payment within 30 days.</p><p>Old clause.</p><p>Law of Kenya.</p>';
    const after = '<p>Parties</p><p>Payment within 45 days.</p><p>Law of Kenya.</p><p>New annex.</p>';
    expect(
      compareVersions(before, after).map((p) => [p.op, p.parts.map((x) => `${x.op}:${x.text}`).join('|')]),
    ).toEqual([
      ['same', 'same:Parties'],
      ['changed', 'same:Payment within|removed:30|added:45|same:days.'],
      ['removed', 'removed:Old clause.'],
      ['same', 'same:Law of Kenya.'],
      ['added', 'added:New annex.'],
    ]);
  });
});
