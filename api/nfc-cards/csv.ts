/** RFC 4180: a field holding a comma, a double quote, CR or LF is quoted, and each quote in it doubled. */
export const csvField = (value: string) =>
  /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;

/** Records ended by CRLF, as RFC 4180 and the encoders' spreadsheet imports expect. */
export const csvText = (rows: string[][]) => rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');

export const CSV_TYPE = 'text/csv; charset=utf-8; header=present';
