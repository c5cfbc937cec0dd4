/**
 * DPO Pay's wire format (API v6): `<API3G>` XML documents, amounts and dates as DPO writes them. Shared by
 * the client and the simulator so both read and write the same thing.
 *
 * The documents are a root holding text leaves with one or two levels of nesting (`Transaction`,
 * `Services/Service`), so a small strict reader is enough and safer than a general one: it refuses DOCTYPE
 * and every other declaration (no entity expansion, no external entities), limits size and depth, and
 * decodes only the five predefined entities and character references. Attributes are read and dropped:
 * DPO uses none.
 */

export interface XmlElement {
  name: string;
  children: XmlElement[];
  /** The element's own character data (text and CDATA) with entities decoded, not trimmed. */
  text: string;
}

export class XmlError extends Error {
  override name = 'XmlError';
}

export const MAX_XML_LENGTH = 256 * 1024;
const MAX_DEPTH = 16;
const NAME = /[A-Za-z_][\w.:-]*/y;
const ENTITY = /&(?:#(\d{1,7})|#x([\dA-Fa-f]{1,6})|(lt|gt|amp|quot|apos));/g;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
/** Characters XML 1.0 cannot carry at all, not even as a character reference. */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const isXmlChar = (code: number) =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  (code >= 0x10000 && code <= 0x10ffff);

function decodeEntities(raw: string): string {
  if (!raw.includes('&')) return raw;
  if (raw.replace(ENTITY, '').includes('&')) throw new XmlError('an & that starts no known entity');
  return raw.replace(ENTITY, (_match, decimal?: string, hex?: string, named?: string) => {
    if (named) return PREDEFINED[named]!;
    const code = decimal ? Number.parseInt(decimal, 10) : Number.parseInt(hex!, 16);
    if (!isXmlChar(code)) throw new XmlError(`character reference to U+${code.toString(16)}`);
    return String.fromCodePoint(code);
  });
}

/** Reads one XML document; throws XmlError when it is not well-formed or uses what we refuse. */
export function parseXml(source: string): XmlElement {
  if (source.length > MAX_XML_LENGTH) throw new XmlError('document too large');
  let at = source.charCodeAt(0) === 0xfeff ? 1 : 0;
  const fail = (why: string): never => {
    throw new XmlError(`${why} (at character ${at})`);
  };
  const skipSpace = () => {
    while (at < source.length && ' \t\r\n'.includes(source[at]!)) at++;
  };
  const skipPast = (terminator: string, what: string) => {
    const end = source.indexOf(terminator, at);
    if (end < 0) fail(`unclosed ${what}`);
    at = end + terminator.length;
  };
  /** Comments and processing instructions (the XML declaration among them) carry nothing for us. */
  const skipMisc = (): boolean => {
    if (source.startsWith('<!--', at)) skipPast('-->', 'comment');
    else if (source.startsWith('<?', at)) skipPast('?>', 'processing instruction');
    else return false;
    return true;
  };
  const readName = (): string => {
    NAME.lastIndex = at;
    const match = NAME.exec(source);
    if (!match) return fail('expected a name');
    at += match[0].length;
    return match[0];
  };

  function element(depth: number): XmlElement {
    if (depth > MAX_DEPTH) fail('nested too deeply');
    if (source[at] !== '<') fail('expected an element');
    at++;
    const name = readName();
    for (;;) {
      skipSpace();
      if (source.startsWith('/>', at)) {
        at += 2;
        return { name, children: [], text: '' };
      }
      if (source[at] === '>') {
        at++;
        break;
      }
      readName();
      skipSpace();
      if (source[at] !== '=') fail('expected = after an attribute name');
      at++;
      skipSpace();
      const quote = source[at];
      if (quote !== '"' && quote !== "'") fail('expected a quoted attribute value');
      const end = source.indexOf(quote!, at + 1);
      if (end < 0) fail('unclosed attribute value');
      const value = source.slice(at + 1, end);
      if (value.includes('<')) fail('< inside an attribute value');
      decodeEntities(value);
      at = end + 1;
    }
    const children: XmlElement[] = [];
    let text = '';
    for (;;) {
      if (at >= source.length) fail(`unclosed <${name}>`);
      if (source.startsWith('</', at)) {
        at += 2;
        const closing = readName();
        skipSpace();
        if (source[at] !== '>') fail('expected > to end a closing tag');
        at++;
        if (closing !== name) fail(`</${closing}> closes <${name}>`);
        return { name, children, text };
      }
      if (source.startsWith('<![CDATA[', at)) {
        at += 9;
        const end = source.indexOf(']]>', at);
        if (end < 0) fail('unclosed CDATA section');
        text += source.slice(at, end);
        at = end + 3;
      } else if (skipMisc()) {
        continue;
      } else if (source.startsWith('<!', at)) {
        fail('declarations are refused');
      } else if (source[at] === '<') {
        children.push(element(depth + 1));
      } else {
        const next = source.indexOf('<', at);
        const end = next < 0 ? source.length : next;
        text += decodeEntities(source.slice(at, end));
        at = end;
      }
    }
  }

  for (;;) {
    skipSpace();
    if (!skipMisc()) break;
  }
  if (source.startsWith('<!', at)) fail('DOCTYPE and other declarations are refused');
  const root = element(0);
  for (;;) {
    skipSpace();
    if (!skipMisc()) break;
  }
  if (at < source.length) fail('content after the root element');
  return root;
}

/** The first child called `name`; DPO's own casing varies (`customerPhone`, `CustomerPhone`). */
export function childElement(parent: XmlElement | undefined, name: string): XmlElement | undefined {
  if (!parent) return undefined;
  const wanted = name.toLowerCase();
  return (
    parent.children.find((child) => child.name === name) ??
    parent.children.find((child) => child.name.toLowerCase() === wanted)
  );
}

/** The trimmed text of the first child called `name`; undefined when it is missing or empty. */
export function childText(parent: XmlElement | undefined, name: string): string | undefined {
  const text = childElement(parent, name)?.text.trim();
  return text ? text : undefined;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text made safe for XML content: markup escaped, characters XML cannot carry at all removed. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML_CHAR, '').replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}

/** Element name → text, or nested fields. Undefined values are left out; key order is element order. */
export interface XmlFields {
  [name: string]: string | XmlFields | undefined;
}

function writeFields(fields: XmlFields): string {
  let xml = '';
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (!/^[A-Za-z_][\w.-]*$/.test(name)) throw new XmlError(`not an element name: ${name}`);
    xml += `<${name}>${typeof value === 'string' ? escapeXml(value) : writeFields(value)}</${name}>`;
  }
  return xml;
}

/** A whole document; every text is escaped, whatever it holds. */
export function xmlDocument(root: string, fields: XmlFields): string {
  return `<?xml version="1.0" encoding="utf-8"?>${writeFields({ [root]: fields })}`;
}

/**
 * An amount as DPO writes it ("2500.00", "2500", defensively also "2,500.00") in minor units; null when it
 * is not one. Integer arithmetic only: "0.29" must not become 28.999….
 */
export function parseDpoAmount(text: string | undefined): number | null {
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec((text ?? '').trim().replace(/,(?=\d{3}(?:\D|$))/g, ''));
  if (!match) return null;
  const minor = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(minor) ? minor : null;
}

export const DPO_SERVICE_DATE = /^\d{4}\/(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d$/;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `YYYY/MM/DD HH:MM` on East Africa Time (UTC+3, no daylight saving), DPO's home time. */
export function dpoServiceDate(instant: Date): string {
  const eat = new Date(instant.getTime() + 3 * 3_600_000);
  return (
    `${pad(eat.getUTCFullYear(), 4)}/${pad(eat.getUTCMonth() + 1)}/${pad(eat.getUTCDate())} ` +
    `${pad(eat.getUTCHours())}:${pad(eat.getUTCMinutes())}`
  );
}
