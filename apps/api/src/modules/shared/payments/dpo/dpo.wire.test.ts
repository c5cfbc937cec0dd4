import { describe, expect, it } from 'vitest';
import {
  childText,
  dpoServiceDate,
  escapeXml,
  parseDpoAmount,
  parseXml,
  xmlDocument,
  XmlError,
} from './dpo.wire.ts';

describe('parseXml', () => {
  it('reads a DPO answer: declaration, nesting, entities, CDATA, comments, attributes dropped', () => {
    const root = parseXml(
      '\uFEFF<?xml version="1.0" encoding="utf-8"?>\n<!-- answer -->\n<API3G version="6">\n' +
        '  <Result>000</Result>\n  <ResultExplanation>Paid &amp; settled &#8211; &#x2713;</ResultExplanation>\n' +
        "  <CustomerName><![CDATA[O'Brien <Ltd>]]></CustomerName><Empty/>\n" +
        '  <Services><Service><ServiceType>5525</ServiceType></Service></Services>\n</API3G>\n',
    );
    expect(root.name).toBe('API3G');
    expect(childText(root, 'Result')).toBe('000');
    expect(childText(root, 'ResultExplanation')).toBe('Paid & settled – ✓');
    expect(childText(root, 'CustomerName')).toBe("O'Brien <Ltd>");
    expect(childText(root, 'Empty')).toBeUndefined();
    expect(childText(root, 'result')).toBe('000');
    const service = root.children.find((c) => c.name === 'Services')?.children[0];
    expect(childText(service, 'ServiceType')).toBe('5525');
  });

  it.each([
    ['empty', ''],
    ['text', 'OK'],
    ['unclosed', '<API3G><Result>000</Result>'],
    ['crossed', '<API3G><Result>000</API3G></Result>'],
    ['two roots', '<A/><B/>'],
    ['bare ampersand', '<A>Fish & chips</A>'],
    ['unknown entity', '<A>&nbsp;</A>'],
    ['external entity', '<!DOCTYPE A [<!ENTITY x SYSTEM "file:///etc/passwd">]><A>&x;</A>'],
    ['doctype', '<!DOCTYPE A><A/>'],
    ['character reference to NUL', '<A>&#0;</A>'],
    ['too deep', `${'<A>'.repeat(40)}${'</A>'.repeat(40)}`],
    ['too large', `<A>${'x'.repeat(300_000)}</A>`],
  ])('refuses %s', (_what, source) => {
    expect(() => parseXml(source)).toThrow(XmlError);
  });
});

describe('writing XML', () => {
  it('escapes markup and drops characters XML cannot carry', () => {
    expect(escapeXml(`<a href="x">Tom & 'Jerry'</a>\u0000\u0007\uFFFE`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;',
    );
  });

  it('writes nested fields in order, skipping undefined ones, and reads back what it wrote', () => {
    const xml = xmlDocument('API3G', {
      Request: 'createToken',
      Transaction: { PaymentAmount: '10.00', CompanyRef: 'A&B</CompanyRef>', customerEmail: undefined },
    });
    expect(xml).toBe(
      '<?xml version="1.0" encoding="utf-8"?><API3G><Request>createToken</Request><Transaction>' +
        '<PaymentAmount>10.00</PaymentAmount><CompanyRef>A&amp;B&lt;/CompanyRef&gt;</CompanyRef></Transaction></API3G>',
    );
    const transaction = parseXml(xml).children[1];
    expect(childText(transaction, 'CompanyRef')).toBe('A&B</CompanyRef>');
  });

  it('refuses an element name that is not one', () => {
    expect(() => xmlDocument('API3G', { 'a><b': 'x' })).toThrow(XmlError);
  });
});

describe('DPO amounts and dates', () => {
  it.each([
    ['2500.00', 250_000],
    ['2500', 250_000],
    ['0.29', 29],
    ['10.5', 1_050],
    ['2,500.00', 250_000],
    [' 1,234,567.89 ', 123_456_789],
  ])('%s is %d minor units', (text, minor) => {
    expect(parseDpoAmount(text)).toBe(minor);
  });

  it.each(['', '-5.00', '1.234', '1e3', 'abc', '1,23.00', undefined])('%s is not an amount', (text) => {
    expect(parseDpoAmount(text)).toBeNull();
  });

  it('writes ServiceDate as YYYY/MM/DD HH:MM on East Africa Time', () => {
    expect(dpoServiceDate(new Date('2026-01-15T21:05:00Z'))).toBe('2026/01/16 00:05');
  });
});
