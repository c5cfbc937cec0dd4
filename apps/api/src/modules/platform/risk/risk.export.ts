/** RFC 4180 field: quoted when it holds a comma, quote or line break; a text starting =+-@ is defused for Excel. */
function csvField(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  let text = value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A CSV file (UTF-8 with a BOM so Excel reads the accents), CRLF line ends. */
export function toCsv(
  headers: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number | boolean | null>>,
) {
  return '\uFEFF' + [headers, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** The columns of the regulator-ready outsourcing register (CBK/PG/16). */
export const OUTSOURCING_REGISTER_HEADERS = [
  'Reference',
  'Outsourced service',
  'Service provider',
  'Contract reference',
  'Material',
  'Materiality score',
  'Supports a critical function',
  'Customer data',
  'Data processed outside Kenya',
  'Disruption impact (1-5)',
  'Substitutability',
  'Data location',
  'Sub-contractors',
  'Exit strategy',
  'Annual value',
  'Currency',
  'Owner',
  'Start date',
  'Last review',
  'Next review',
  'Due-diligence score',
] as const;

export const RISK_REGISTER_HEADERS = [
  'Reference',
  'Title',
  'Category',
  'Cause',
  'Effect',
  'Owner',
  'Supplier',
  'Inherent likelihood',
  'Inherent impact',
  'Inherent score',
  'Inherent band',
  'Residual likelihood',
  'Residual impact',
  'Residual score',
  'Residual band',
  'Within appetite',
  'Status',
  'Source',
  'Open treatments',
  'Overdue treatments',
] as const;
