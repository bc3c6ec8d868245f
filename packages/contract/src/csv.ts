// CSV as spreadsheet programs in China read it (one writer for the web's review export and the
// server's staff export): UTF-8 with a byte-order mark, CRLF lines, every cell quoted, and a cell
// that a spreadsheet would run as a formula (= + - @, tab, CR first) prefixed with '.

export const csvBom = '\uFEFF';

export function csvCell(value: string | number | boolean | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** One line of cells, with its CRLF. */
export function csvLine(cells: readonly (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
