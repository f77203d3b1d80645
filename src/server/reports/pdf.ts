import { createRequire } from 'node:module';
import {
  type ClientReport,
  formatDuration,
  formatInZone,
  formatResponse,
  formatUptime,
  formatVersions,
} from '../../shared/reports';

const require = createRequire(import.meta.url);
const font = (file: string) => require.resolve(`dejavu-fonts-ttf/ttf/${file}`);
const FONTS = { regular: font('DejaVuSans.ttf'), bold: font('DejaVuSans-Bold.ttf') };

const MUTED = '#555555';
const INK = '#111111';

export type PdfLogo = { bytes: Buffer; type: string };

/**
 * The report as an A4 PDF (pdfkit, DejaVu fonts for any language's names): the agency's name and
 * logo, then each website with its figures and where they come from, then the tasks completed.
 * Made from the same report object as the page and the CSV, so all three state the same numbers.
 */
export async function renderReportPdf(
  report: ClientReport,
  logo: PdfLogo | null,
  generatedAt: Date,
): Promise<Buffer> {
  // Loaded when the first report is made: pdfkit unpacks its font data on load, which every start
  // would otherwise pay for (quality bar P6).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: {
      Title: `Website report: ${report.client.name}, ${report.from} to ${report.to}`,
      Author: report.agency.name || 'Agency Hub',
      Creator: 'Agency Hub',
      CreationDate: generatedAt,
    },
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const at = (iso: string) => formatInZone(iso, report.timeZone);
  const width = doc.page.width - 100;

  // Header: logo (PNG or JPEG: pdfkit cannot draw WebP) and the agency's name.
  const top = doc.y;
  let textX = 50;
  if (logo && (logo.type === 'image/png' || logo.type === 'image/jpeg')) {
    try {
      doc.image(logo.bytes, 50, top, { fit: [110, 44] });
      textX = 170;
    } catch {
      // An image pdfkit cannot read: the report goes out without it rather than not at all.
    }
  }
  doc
    .font('bold')
    .fontSize(14)
    .fillColor(INK)
    .text(report.agency.name || 'Agency Hub', textX, top + 4, {
      width: width - (textX - 50),
    });
  doc.y = Math.max(doc.y, top + 48);
  doc.x = 50;
  doc.moveDown(0.5);
  doc.font('bold').fontSize(20).text(`Website report: ${report.client.name}`);
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(MUTED)
    .text(`Period: ${report.from} to ${report.to} (whole days, ${report.timeZone})`)
    .text(`Generated ${at(generatedAt.toISOString())}`);
  doc.moveDown();

  const label = (name: string, value: string, source?: string) => {
    doc.font('bold').fontSize(10).fillColor(INK).text(`${name}: `, { continued: true });
    doc.font('regular').text(value);
    if (source) doc.fontSize(8).fillColor(MUTED).text(`Source: ${source}`).fontSize(10).fillColor(INK);
    doc.moveDown(0.2);
  };
  // A bullet with its text indented as a block, so a wrapped line lines up under the first.
  const bullet = (text: string) => {
    const y = doc.y;
    doc.text('•', 56, y, { lineBreak: false });
    doc.text(text, 66, y, { width: width - 16 });
    doc.x = 50;
  };
  const list = (title: string, items: string[], empty: string) => {
    doc.font('bold').fontSize(10).fillColor(INK).text(title);
    doc.font('regular').fontSize(9);
    if (items.length === 0) doc.fillColor(MUTED).text(empty).fillColor(INK);
    for (const item of items) bullet(item);
  };

  if (report.websites.length === 0) {
    doc.font('regular').fontSize(11).fillColor(MUTED).text('This client has no websites yet.').fillColor(INK);
  }
  for (const w of report.websites) {
    if (doc.y > doc.page.height - 200) doc.addPage();
    doc.moveDown(0.5);
    doc
      .moveTo(50, doc.y)
      .lineTo(50 + width, doc.y)
      .strokeColor('#cccccc')
      .stroke();
    doc.moveDown(0.5);
    doc.font('bold').fontSize(13).fillColor(INK).text(w.domain);
    doc.moveDown(0.3);
    label('Uptime', formatUptime(w.uptime), w.uptimeSourceLabel);
    label('Average response', formatResponse(w.avgResponseMs), w.avgResponseSourceLabel);
    label(
      'Versions at the end of the period',
      formatVersions(w),
      w.versionsSeenAt ? `HD Snapshot, seen ${at(w.versionsSeenAt)}` : 'HD Snapshot: never seen by then',
    );
    doc.moveDown(0.3);
    list(
      `Incidents (${w.incidents.length})`,
      w.incidents.map(
        (i) =>
          `${at(i.startedAt)}, ${formatDuration(i.durationSeconds)}${i.endedAt ? '' : ' (still open)'}: ${i.title}${i.cause ? ` (${i.cause})` : ''}`,
      ),
      'No incidents in the period.',
    );
    doc.moveDown(0.3);
    list(
      `Maintenance windows (${w.maintenance.length})`,
      w.maintenance.map(
        (m) =>
          `${at(m.startsAt)}, ${formatDuration(m.durationMinutes * 60)}${m.reason ? `: ${m.reason}` : ''}`,
      ),
      'No maintenance windows in the period.',
    );
  }

  if (doc.y > doc.page.height - 150) doc.addPage();
  doc.moveDown();
  doc.font('bold').fontSize(13).fillColor(INK).text(`Tasks completed (${report.tasksCompleted.length})`);
  doc.font('regular').fontSize(9);
  if (report.tasksCompleted.length === 0) doc.fillColor(MUTED).text('No tasks completed in the period.');
  doc.fillColor(INK);
  for (const task of report.tasksCompleted)
    bullet(`${at(task.completedAt)}: ${task.title}${task.domain ? ` (${task.domain})` : ''}`);
  doc.moveDown();
  doc
    .fontSize(8)
    .fillColor(MUTED)
    .text(
      'Every figure is measured, never inferred: uptime and response times come from the stored results of ' +
        "Agency Hub's own checks, or from Better Uptime's SLA for the period, as labelled. " +
        '"no data" means nothing measured the site in the period.',
    );
  doc.end();
  return done;
}
