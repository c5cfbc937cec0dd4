import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { create as createFont } from 'fontkit';
import PDFDocument from 'pdfkit';

/**
 * What the PDF documents share: an A4 page with Noto Sans embedded (Latin, Latin Extended, Greek, Cyrillic
 * and the currency signs, so "Amélie", "N’Djamena" and "–" print as typed), a table that breaks across
 * pages with its header repeated, and a footer with "Page n of N" written once every page exists.
 *
 * The font files come from the @expo-google-fonts/noto-sans package (plain TTF, OFL; only the regular and
 * bold faces are used): they are read from node_modules at run time, like every npm dependency of the
 * bundled API. Text in Ge'ez script (Amharic, Tigrinya names and addresses) is drawn with Noto Sans
 * Ethiopic (@fontsource/noto-sans-ethiopic, WOFF, loaded only when such text occurs), run by run, since
 * neither face has the other's letters. A character that neither font has prints as an empty box.
 */

export type Doc = PDFKit.PDFDocument;

export const REGULAR = 'NotoSans-Regular';
export const BOLD = 'NotoSans-Bold';

export const COLOURS = {
  text: '#1f2328',
  muted: '#59636e',
  rule: '#d0d7de',
  headerFill: '#eef1f4',
  stripe: '#f7f8fa',
  alert: '#b42318',
} as const;

export const MARGIN = { top: 40, bottom: 56, left: 40, right: 40 } as const;

export interface PdfRenderOptions {
  /** Deflate the page streams (the default). Tests turn it off to read the text back. */
  compress?: boolean;
}

type FontkitFont = ReturnType<typeof createFont>;

let loadedFonts: { regular: FontkitFont; bold: FontkitFont } | undefined;

/**
 * The two faces, parsed once per process and shared by every document: parsing Noto Sans and building its
 * shaping tables costs ~50 ms, far more than laying out a whole order. pdfkit takes a fontkit font object
 * as a font source (each document still embeds its own subset); its typings only list file sources.
 */
function fonts(): { regular: FontkitFont; bold: FontkitFont } {
  if (!loadedFonts) {
    const dir = path.dirname(
      createRequire(import.meta.url).resolve('@expo-google-fonts/noto-sans/package.json'),
    );
    const load = (face: string) => createFont(readFileSync(path.join(dir, face, `NotoSans_${face}.ttf`)));
    loadedFonts = { regular: load('400Regular'), bold: load('700Bold') };
  }
  return loadedFonts;
}

const asSource = (font: FontkitFont) => font as unknown as string & Buffer;

const ETHIOPIC_REGULAR = 'NotoSansEthiopic-Regular';
const ETHIOPIC_BOLD = 'NotoSansEthiopic-Bold';
const ETHIOPIC = /[\u1200-\u139F\u2D80-\u2DDF\uAB00-\uAB2F]/;
const ETHIOPIC_OR_SPACE = /[\u1200-\u139F\u2D80-\u2DDF\uAB00-\uAB2F\s]/;

let loadedEthiopic: { regular: FontkitFont; bold: FontkitFont } | undefined;
const docsWithEthiopic = new WeakSet<Doc>();

function useEthiopic(doc: Doc): void {
  if (docsWithEthiopic.has(doc)) return;
  if (!loadedEthiopic) {
    const resolveFrom = createRequire(import.meta.url);
    const load = (weight: number) =>
      createFont(
        readFileSync(
          resolveFrom.resolve(
            `@fontsource/noto-sans-ethiopic/files/noto-sans-ethiopic-ethiopic-${weight}-normal.woff`,
          ),
        ),
      );
    loadedEthiopic = { regular: load(400), bold: load(700) };
  }
  doc.registerFont(ETHIOPIC_REGULAR, asSource(loadedEthiopic.regular));
  doc.registerFont(ETHIOPIC_BOLD, asSource(loadedEthiopic.bold));
  docsWithEthiopic.add(doc);
}

/** Text cut into runs for one face each: Ge'ez letters for Noto Sans Ethiopic, the rest for Noto Sans. */
export function fontRuns(text: string): Array<{ ethiopic: boolean; text: string }> {
  if (!ETHIOPIC.test(text)) return [{ ethiopic: false, text }];
  const runs: Array<{ ethiopic: boolean; text: string }> = [];
  for (const char of text) {
    const last = runs[runs.length - 1];
    // Spaces stay in the run they follow, so a name in Ge'ez script is one run.
    const ethiopic = /\s/.test(char) && last ? last.ethiopic : ETHIOPIC_OR_SPACE.test(char);
    if (last && last.ethiopic === ethiopic) last.text += char;
    else runs.push({ ethiopic, text: char });
  }
  return runs;
}

/**
 * doc.text at (x, y) in the regular or bold face, switching to Noto Sans Ethiopic for Ge'ez runs. Heights
 * are measured with Noto Sans, whose missing-glyph advance (0.6 em) is close to the Ethiopic letters'.
 */
export function write(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  options: PDFKit.Mixins.TextOptions,
  bold = false,
): void {
  const main = bold ? BOLD : REGULAR;
  const runs = fontRuns(text);
  if (runs.length === 1 && !runs[0]!.ethiopic) {
    doc.font(main).text(text, x, y, options);
    return;
  }
  useEthiopic(doc);
  runs.forEach((run, index) => {
    doc.font(run.ethiopic ? (bold ? ETHIOPIC_BOLD : ETHIOPIC_REGULAR) : main);
    const continued = index < runs.length - 1;
    if (index === 0) doc.text(run.text, x, y, { ...options, continued });
    else doc.text(run.text, { continued });
  });
  doc.font(main);
}

export function createPdf(title: string, options: PdfRenderOptions = {}): Doc {
  const faces = fonts();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { ...MARGIN },
    bufferPages: true,
    compress: options.compress ?? true,
    // Starting with our own font keeps pdfkit from loading (and embedding a reference to) Helvetica.
    font: asSource(faces.regular),
    info: { Title: title, Author: 'Zabuni', Creator: 'Zabuni', Producer: 'Zabuni' },
    lang: 'en',
  });
  doc.registerFont(REGULAR, asSource(faces.regular));
  doc.registerFont(BOLD, asSource(faces.bold));
  doc.font(REGULAR).fillColor(COLOURS.text);
  return doc;
}

/** Ends the document and resolves with its bytes. */
export function finish(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

export const contentWidth = (doc: Doc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;
export const bottomLimit = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

/** Starts a new page when fewer than `height` points are left; returns whether it did. */
export function ensureSpace(doc: Doc, height: number, onNewPage?: () => void): boolean {
  if (doc.y + height <= bottomLimit(doc)) return false;
  doc.addPage();
  onNewPage?.();
  return true;
}

/** A small grey capitalised heading ("SUPPLIER"). */
export function sectionHeading(doc: Doc, text: string, x: number, y: number, width: number): number {
  doc.font(BOLD).fontSize(7.5).fillColor(COLOURS.muted);
  doc.text(text.toUpperCase(), x, y, { width, characterSpacing: 0.6 });
  doc.fillColor(COLOURS.text);
  return doc.y + 2;
}

/** Lines of text in one block; empty or null lines are left out. Returns the y below the block. */
export function textLines(
  doc: Doc,
  lines: Array<{ text: string | null | undefined; bold?: boolean; size?: number; muted?: boolean }>,
  x: number,
  y: number,
  width: number,
  align: 'left' | 'right' = 'left',
): number {
  let cursor = y;
  for (const line of lines) {
    if (!line.text) continue;
    doc
      .font(line.bold ? BOLD : REGULAR)
      .fontSize(line.size ?? 9)
      .fillColor(line.muted ? COLOURS.muted : COLOURS.text);
    write(doc, line.text, x, cursor, { width, align }, line.bold);
    cursor = doc.y + 1;
  }
  doc.fillColor(COLOURS.text);
  return cursor;
}

export function rule(doc: Doc, y: number, colour: string = COLOURS.rule, weight = 0.75): void {
  doc
    .save()
    .moveTo(doc.page.margins.left, y)
    .lineTo(doc.page.width - doc.page.margins.right, y)
    .lineWidth(weight)
    .strokeColor(colour)
    .stroke()
    .restore();
}

// ---------------------------------------------------------------------------------------------------------
// Tables

export interface Column {
  header: string;
  /** Points; one column may leave it out to take what the others leave. */
  width?: number;
  align?: 'left' | 'right' | 'center';
}

export interface TableRow {
  cells: string[];
  bold?: boolean;
  /** A second, smaller grey line under the cell text of the given column (e.g. a requisition number). */
  note?: { column: number; text: string };
}

export interface TableOptions {
  fontSize?: number;
  /** Called after the table starts a new page, before the repeated header (e.g. a "continued" line). */
  onNewPage?: () => void;
}

const PAD_X = 4;
const PAD_Y = 3.5;

function resolveWidths(doc: Doc, columns: Column[]): number[] {
  const fixed = columns.reduce((sum, column) => sum + (column.width ?? 0), 0);
  const flexible = columns.filter((column) => column.width === undefined).length;
  const rest = Math.max(0, contentWidth(doc) - fixed);
  return columns.map((column) => column.width ?? rest / Math.max(1, flexible));
}

/**
 * Draws a table from doc.y down, row by row. A row never splits: when it does not fit, the table goes on
 * at the top of a new page under a repeated header. Leaves doc.y under the last row.
 */
export function drawTable(doc: Doc, columns: Column[], rows: TableRow[], options: TableOptions = {}): void {
  const fontSize = options.fontSize ?? 8.5;
  const noteSize = fontSize - 1.5;
  const widths = resolveWidths(doc, columns);
  const left = doc.page.margins.left;
  const xs = widths.map((_, index) => left + widths.slice(0, index).reduce((a, b) => a + b, 0));
  const tableWidth = widths.reduce((a, b) => a + b, 0);

  const cellHeight = (text: string, index: number, font: string, size: number) => {
    if (!text) return 0;
    doc.font(font).fontSize(size);
    return doc.heightOfString(text, { width: widths[index]! - 2 * PAD_X });
  };

  const headerHeight = () =>
    Math.max(...columns.map((column, index) => cellHeight(column.header, index, BOLD, fontSize))) + 2 * PAD_Y;

  const drawHeader = (y: number): number => {
    const height = headerHeight();
    doc.save().rect(left, y, tableWidth, height).fill(COLOURS.headerFill).restore();
    doc.font(BOLD).fontSize(fontSize).fillColor(COLOURS.text);
    columns.forEach((column, index) => {
      doc.text(column.header, xs[index]! + PAD_X, y + PAD_Y, {
        width: widths[index]! - 2 * PAD_X,
        align: column.align ?? 'left',
      });
    });
    return y + height;
  };

  const rowHeight = (row: TableRow) => {
    const font = row.bold ? BOLD : REGULAR;
    let height = 0;
    row.cells.forEach((cell, index) => {
      let h = cellHeight(cell, index, font, fontSize);
      if (row.note && row.note.column === index) h += cellHeight(row.note.text, index, REGULAR, noteSize);
      height = Math.max(height, h);
    });
    return Math.max(height, fontSize) + 2 * PAD_Y;
  };

  let y = drawHeader(doc.y);
  // Never leave a header alone at the foot of a page.
  if (rows.length > 0 && y + rowHeight(rows[0]!) > bottomLimit(doc)) {
    doc.addPage();
    options.onNewPage?.();
    y = drawHeader(doc.y);
  }

  // A row may take at most half a page: longer text is cut with an ellipsis rather than run off the page.
  const maxRowHeight = (doc.page.height - doc.page.margins.top - doc.page.margins.bottom) / 2;

  rows.forEach((row, rowIndex) => {
    const height = Math.min(rowHeight(row), maxRowHeight);
    const clamped = height === maxRowHeight;
    if (y + height > bottomLimit(doc)) {
      doc.addPage();
      options.onNewPage?.();
      y = drawHeader(doc.y);
    }
    if (rowIndex % 2 === 1) doc.save().rect(left, y, tableWidth, height).fill(COLOURS.stripe).restore();
    const font = row.bold ? BOLD : REGULAR;
    row.cells.forEach((cell, index) => {
      const width = widths[index]! - 2 * PAD_X;
      const align = columns[index]?.align ?? 'left';
      let cursor = y + PAD_Y;
      if (cell) {
        const note = row.note && row.note.column === index ? row.note.text : '';
        const limit = clamped
          ? { height: height - 2 * PAD_Y - cellHeight(note, index, REGULAR, noteSize), ellipsis: true }
          : {};
        doc.font(font).fontSize(fontSize).fillColor(COLOURS.text);
        write(doc, cell, xs[index]! + PAD_X, cursor, { width, align, ...limit }, row.bold);
        cursor = doc.y;
      }
      if (row.note && row.note.column === index) {
        doc.font(REGULAR).fontSize(noteSize).fillColor(COLOURS.muted);
        write(doc, row.note.text, xs[index]! + PAD_X, cursor, { width, align });
      }
    });
    doc
      .save()
      .moveTo(left, y + height)
      .lineTo(left + tableWidth, y + height)
      .lineWidth(0.5)
      .strokeColor(COLOURS.rule)
      .stroke()
      .restore();
    y += height;
  });

  doc.fillColor(COLOURS.text);
  doc.x = left;
  doc.y = y;
}

// ---------------------------------------------------------------------------------------------------------
// Every page, once all pages exist

/** Big, light, diagonal text across every page (e.g. "DRAFT"). */
export function watermarkAllPages(doc: Doc, text: string): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const { width, height } = doc.page;
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.save();
    doc.font(BOLD).fontSize(1);
    // As big as fits along the diagonal, at most 96 pt.
    const size = Math.min(96, 560 / doc.widthOfString(text));
    doc.fontSize(size).fillColor(COLOURS.alert).fillOpacity(0.08);
    doc.rotate(-40, { origin: [width / 2, height / 2] });
    const textWidth = doc.widthOfString(text);
    doc.text(text, width / 2 - textWidth / 2, height / 2 - doc.currentLineHeight() / 2, {
      lineBreak: false,
    });
    doc.restore();
    doc.page.margins.bottom = bottom;
  }
}

/** "Generated by Zabuni · <label>" on the left and "Page n of N" on the right of every page. */
export function footerAllPages(doc: Doc, label: string): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const left = doc.page.margins.left;
    const width = contentWidth(doc);
    const y = doc.page.height - doc.page.margins.bottom + 18;
    const bottom = doc.page.margins.bottom;
    // Writing inside the bottom margin would otherwise make pdfkit start yet another page.
    doc.page.margins.bottom = 0;
    rule(doc, y - 6);
    doc.font(REGULAR).fontSize(7.5).fillColor(COLOURS.muted);
    doc.text(`Generated by Zabuni · ${label}`, left, y, { width: width * 0.7, lineBreak: false });
    doc.text(`Page ${index - range.start + 1} of ${range.count}`, left + width * 0.7, y, {
      width: width * 0.3,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
  doc.fillColor(COLOURS.text);
}
