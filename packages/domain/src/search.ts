/**
 * Free-text search input → a PostgreSQL `to_tsquery('simple', …)` expression that matches every word as a
 * prefix ("ken" finds "Kenya", "road cons" finds "Road construction").
 *
 * Only letters and digits of any script survive, so the result can never be a malformed tsquery
 * whatever the user typed; an input with no searchable word gives null (= no text filter).
 */
const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 40;

export function toPrefixTsQuery(input: string | null | undefined): string | null {
  if (!input) return null;
  const terms = input
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((term) => term.length > 0)
    .slice(0, MAX_TERMS)
    .map((term) => term.slice(0, MAX_TERM_LENGTH));
  if (terms.length === 0) return null;
  return terms.map((term) => `${term}:*`).join(' & ');
}

/** Escapes LIKE/ILIKE wildcards so user input is matched literally inside `%…%`. */
export function escapeLikePattern(input: string): string {
  return input.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}
