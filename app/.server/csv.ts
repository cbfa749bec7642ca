import { stringify } from "csv-stringify/sync";

/**
 * The one CSV writer for every file we hand out (the listings export, the import's rejects file, the newsletter
 * export). A spreadsheet runs a cell starting with =, +, -, @, a tab or a carriage return (or a full-width = + - @) as a
 * formula, quoted or not (OWASP "CSV injection"): csv-stringify's `escape_formulas` puts an apostrophe in front, which
 * spreadsheets hide and treat as "this is text". A negative number stays a number.
 */

export type CsvValue = string | number | null | undefined | readonly string[];

/** What escape_formulas disarms (csv-stringify 6.9). */
const FORMULA_START = "[=+\\-@\\t\\r\\uFF1D\\uFF0B\\uFF0D\\uFF20]";
/** A value that already starts with apostrophes before a formula character. */
const APOSTROPHES_THEN_FORMULA = new RegExp(`^'+${FORMULA_START}`);

const options = {
  escape_formulas: true,
  record_delimiter: "\r\n",
  // Leading or trailing spaces are quoted so that no reader trims them away.
  quoted_match: /^\s|\s$/,
  cast: {
    // One more apostrophe for a value that already has one before a formula character, so that reading the file back
    // (unescapeCsvFormula) takes off exactly what was added: "'=x" ⇄ "''=x", "=x" ⇄ "'=x".
    string: (value: string) => (APOSTROPHES_THEN_FORMULA.test(value) ? `'${value}` : value),
  },
} as const;

/** One CSV record with its CRLF; a list becomes "a; b", null an empty cell. */
export function csvRecord(values: readonly CsvValue[]): string {
  return stringify([values.map((v) => (Array.isArray(v) ? v.join("; ") : v))], options);
}

/** A cell of a file this writer wrote, as it was before: the apostrophe the writer added before a formula is dropped. */
export function unescapeCsvFormula(cell: string): string {
  return APOSTROPHES_THEN_FORMULA.test(cell) ? cell.slice(1) : cell;
}
