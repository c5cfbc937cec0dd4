/**
 * Reads back what the renderers wrote, for tests: the page count of any of our PDFs, and the text of one
 * rendered with `compress: false`. Embedded fonts write glyph ids, not letters, so the text is recovered
 * through each font's ToUnicode map, the way a PDF viewer's copy and search do. Enough for pdfkit's
 * output (one TJ array per text call), not a general PDF parser.
 */

export function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g) ?? []).length;
}

function parseToUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const hexText = (hex: string) => {
    const digits = hex.replace(/\s+/g, '');
    const units: number[] = [];
    for (let i = 0; i + 4 <= digits.length; i += 4) units.push(parseInt(digits.slice(i, i + 4), 16));
    return String.fromCharCode(...units);
  };
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const entry of block[1]!.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*(\[[^\]]*\]|<[0-9a-f]+>)/gi)) {
      const start = parseInt(entry[1]!, 16);
      const end = parseInt(entry[2]!, 16);
      const target = entry[3]!;
      if (target.startsWith('[')) {
        const items = [...target.matchAll(/<([0-9a-f\s]*)>/gi)].map((m) => hexText(m[1]!));
        items.forEach((text, offset) => map.set(start + offset, text));
      } else {
        const base = parseInt(target.slice(1, -1), 16);
        for (let code = start; code <= end; code += 1)
          map.set(code, String.fromCharCode(base + code - start));
      }
    }
  }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const entry of block[1]!.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>/gi)) {
      map.set(parseInt(entry[1]!, 16), hexText(entry[2]!));
    }
  }
  return map;
}

/** The text of an uncompressed PDF, one line per text call, pages in order (separated by form feeds). */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  if (/\/Filter \/FlateDecode/.test(source) && !/beginbfrange|beginbfchar/.test(source)) {
    throw new Error('pdfText reads PDFs rendered with { compress: false } only.');
  }
  const objects = new Map<number, string>();
  for (const match of source.matchAll(/(\d+) 0 obj([\s\S]*?)endobj/g))
    objects.set(Number(match[1]), match[2]!);

  const fontMaps = new Map<string, Map<number, string>>();
  for (const match of source.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
    const font = objects.get(Number(match[2]));
    const toUnicode = font && /\/ToUnicode (\d+) 0 R/.exec(font);
    const cmap = toUnicode && objects.get(Number(toUnicode[1]));
    if (cmap) fontMaps.set(match[1]!, parseToUnicode(cmap));
  }

  const pages: string[] = [];
  const pageObjects = [...objects.values()].filter((body) => /\/Type \/Page\b(?!s)/.test(body));
  for (const page of pageObjects) {
    const contents = /\/Contents (\d+) 0 R/.exec(page);
    const stream = contents ? (objects.get(Number(contents[1])) ?? '') : '';
    const lines: string[] = [];
    let map: Map<number, string> | undefined;
    for (const op of stream.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
      if (op[1]) {
        map = fontMaps.get(op[1]);
        continue;
      }
      let text = '';
      for (const hex of op[2]!.matchAll(/<([0-9a-f]*)>/gi)) {
        for (let i = 0; i + 4 <= hex[1]!.length; i += 4) {
          text += map?.get(parseInt(hex[1]!.slice(i, i + 4), 16)) ?? '\uFFFD';
        }
      }
      lines.push(text);
    }
    pages.push(lines.join('\n'));
  }
  return pages.join('\n\f\n');
}
