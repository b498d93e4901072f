/** Plain-text tables for the terminal. */

export type Cell = string | number | null | undefined;

function show(cell: Cell): string {
  if (cell === null || cell === undefined || (typeof cell === 'number' && Number.isNaN(cell))) {
    return '–';
  }
  return String(cell);
}

/** A table with a title; numbers (and cells that start with a digit) are right-aligned. */
export function table(title: string, headers: readonly string[], rows: readonly Cell[][]): string {
  const cells = rows.map((row) => row.map(show));
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...cells.map((row) => (row[column] ?? '').length)),
  );
  const numeric = headers.map(
    (_, column) =>
      column > 0 && cells.every((row) => /^[-–\d.,×<>≤≥ %]*[\d–]/.test(row[column] ?? '')),
  );
  const line = (row: readonly string[]): string =>
    row
      .map((cell, column) =>
        numeric[column] ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [`== ${title} ==`, line(headers), rule, ...cells.map(line), ''].join('\n');
}

export function kb(bytes: number | null | undefined): string {
  return bytes === null || bytes === undefined ? '–' : (bytes / 1024).toFixed(1);
}

export function ms(value: number | null | undefined): string {
  return value === null || value === undefined ? '–' : String(Math.round(value));
}

export function fixed(value: number | null | undefined, digits: number): string {
  return value === null || value === undefined || Number.isNaN(value) ? '–' : value.toFixed(digits);
}
