import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/** A CSV download as the API reference describes it. */
export const csvAnswer = z.string().describe('CSV (UTF-8, comma-separated, header row)');

export type Cell = string | number | boolean | null | undefined;

/**
 * A cell a spreadsheet must read as text: one starting with = + - @, a tab or a carriage return
 * would be taken for a formula (CSV injection), so it gets a leading apostrophe.
 */
export function neutralise(cell: Cell): string | number | boolean | null {
  if (cell === undefined || cell === null) return null;
  if (typeof cell !== 'string') return cell;
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/**
 * CSV with a header row, every text cell neutralised, quoted where needed (commas, quotes, line
 * breaks), CRLF line ends and a byte order mark so spreadsheets read UTF-8.
 */
export function toCsv(header: string[], rows: Cell[][]): string {
  return `\ufeff${csvLines([header, ...rows])}`;
}

/** Rows as CSV lines, each ending in CRLF, cells neutralised and quoted as `toCsv` does. */
function csvLines(rows: Cell[][]): string {
  return stringify(
    rows.map((r) => r.map(neutralise)),
    {
      record_delimiter: 'windows',
      // A line break inside a cell must be quoted whatever the record delimiter is.
      quoted_match: /[\r\n]/,
      cast: { boolean: (v) => (v ? 'yes' : 'no') },
    },
  );
}

/**
 * Sends a CSV download as it is read, batch by batch, so a long export never sits whole in memory:
 * the same file `toCsv` would make of the header and every batch's rows.
 */
export function streamCsv(
  reply: FastifyReply,
  fileName: string,
  header: string[],
  batches: AsyncIterable<Cell[][]>,
) {
  async function* lines() {
    yield `\ufeff${csvLines([header])}`;
    for await (const rows of batches) if (rows.length) yield csvLines(rows);
  }
  return sendDownload(reply, fileName, 'text/csv; charset=utf-8', Readable.from(lines()));
}

/** A name safe in a Content-Disposition header: letters, digits, dot, dash, underscore. */
export const safeFileName = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase() || 'export';

/** Sends a download: the browser saves it under `fileName` rather than showing it. */
export function sendDownload(
  reply: FastifyReply,
  fileName: string,
  type: string,
  body: string | Buffer | Readable,
) {
  return reply
    .type(type)
    .header('content-disposition', `attachment; filename="${safeFileName(fileName)}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

export const sendCsv = (reply: FastifyReply, fileName: string, csv: string) =>
  sendDownload(reply, fileName, 'text/csv; charset=utf-8', csv);
