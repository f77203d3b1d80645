/** What other areas use of exports: building and sending a CSV or a download. */
export { type Cell, csvAnswer, sendCsv, sendDownload, streamCsv, toCsv } from './csv';
