import { createRequire } from 'node:module';
import {
  type ClientReport,
  countBySeverity,
  dailyMissing,
  findingVersions,
  fixedHow,
  formatReportDay,
  formatResponse,
  formatUptime,
  formatVersions,
  REPORT_NOT_CHECKED,
  type ReportWebsite,
  reportBackup,
  securityCoverage,
  summaryResponse,
  summaryUptime,
  updateLine,
} from '../../shared/reports';
import { SEVERITY_LABELS } from '../../shared/security';
import { formatCalendarDay, formatDate, formatDateTime, formatDuration } from '../../shared/time';

const require = createRequire(import.meta.url);
const font = (file: string) => require.resolve(`dejavu-fonts-ttf/ttf/${file}`);
const FONTS = { regular: font('DejaVuSans.ttf'), bold: font('DejaVuSans-Bold.ttf') };

const MUTED = '#555555';
const INK = '#111111';
const RULE = '#cccccc';
const UP = '#16a34a';
const DOWN = '#dc2626';
const NONE = '#d4d4d8';

export type PdfLogo = { bytes: Buffer; type: string };

/**
 * The report as an A4 PDF (pdfkit, DejaVu fonts for any language's names): the agency's name and
 * logo, the title (the client's company) with the contact below it, a summary table of every
 * website, then each website with its daily uptime bars, its figures and where they come from, then
 * the tasks completed.
 * Made from the same report object as the page and the CSV, so all three state the same numbers.
 */
export async function renderReportPdf(
  report: ClientReport,
  logo: PdfLogo | null,
  generatedAt: Date,
): Promise<Buffer> {
  // Loaded when the first report is made: pdfkit unpacks its font data on load, which every start
  // would otherwise pay for (start-up to serving is kept within 1.5 s).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: {
      Title: `Website report: ${report.title}, ${report.from} to ${report.to}`,
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
  const at = (iso: string) => formatDateTime(iso, { timeZone: report.timeZone });
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
  doc.font('regular').fontSize(10).fillColor(MUTED).text('Website report');
  doc.font('bold').fontSize(20).fillColor(INK).text(report.title);
  if (report.contact) doc.font('regular').fontSize(11).fillColor(INK).text(`Contact: ${report.contact}`);
  doc.moveDown(0.2);
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(MUTED)
    .text(
      `Period: ${formatCalendarDay(report.from)} to ${formatCalendarDay(report.to)} (whole days, ${report.timeZone})`,
    )
    .text(`Generated ${at(generatedAt.toISOString())}`);
  doc.moveDown();

  if (report.websites.length > 0) summaryTable(doc, report, width);

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

  const day = (iso: string) => formatDate(iso, { timeZone: report.timeZone });
  // A site's findings open at the period's end and fixed during it; "Not checked" or "No data" when
  // nothing was known or recorded, never zero.
  const security = (w: ReportWebsite) => {
    const s = w.security;
    doc.font('bold').fontSize(10).fillColor(INK).text('Security');
    doc.font('regular').fontSize(9);
    if (s.status === 'not-measured') {
      doc
        .fillColor(MUTED)
        .text('No data: security findings were not yet recorded in this period.')
        .fillColor(INK);
      return;
    }
    if (s.status === 'not-checked') {
      doc
        .fillColor(MUTED)
        .text(`${REPORT_NOT_CHECKED}${s.reason ? `: ${s.reason}.` : '.'}`)
        .fillColor(INK);
      return;
    }
    if (s.measuredPartly && s.measuredFrom)
      doc
        .fillColor(MUTED)
        .text(`Recorded since ${day(s.measuredFrom)}.`)
        .fillColor(INK);
    const counts = countBySeverity(s.open)
      .map((c) => `${c.count} ${SEVERITY_LABELS[c.severity]}`)
      .join(', ');
    list(
      `Open at the period's end (${s.open.length})${counts ? `: ${counts}` : ''}`,
      s.open.map((f) => `${SEVERITY_LABELS[f.severity]}: ${f.title} (${findingVersions(f)})`),
      "No open vulnerabilities at the period's end.",
    );
    doc.moveDown(0.3);
    list(
      `Fixed during the period (${s.fixed.length})`,
      s.fixed.map((f) => `${day(f.fixedAt)}, ${SEVERITY_LABELS[f.severity]}: ${f.title} (${fixedHow(f)})`),
      'No vulnerabilities fixed in the period.',
    );
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
      .strokeColor(RULE)
      .stroke();
    doc.moveDown(0.5);
    doc.font('bold').fontSize(13).fillColor(INK).text(w.domain);
    doc.moveDown(0.3);
    dailyBars(doc, w, width);
    doc.moveDown(0.5);
    const uptime = summaryUptime(w, report.timeZone);
    label(
      'Uptime',
      uptime.since ? `${uptime.value} ${uptime.since}` : formatUptime(w.uptime),
      w.uptimeSourceLabel,
    );
    label('Average response', formatResponse(w.avgResponseMs), w.avgResponseSourceLabel);
    label(
      'Versions at the end of the period',
      formatVersions(w),
      w.versionsSeenAt ? `HD Snapshot, seen ${at(w.versionsSeenAt)}` : 'HD Snapshot: never seen by then',
    );
    const backup = reportBackup(w, at);
    label('Last backup by the end of the period', backup.value, backup.source);
    label(
      'Backups taken by Agency Hub',
      String(w.backupsTaken),
      'Asked for in Agency Hub (by a person, or before an update or a restore) and listed by the host',
    );
    doc.moveDown(0.3);
    list(
      `Incidents (${w.incidents.length})`,
      w.incidents.map(
        (i) =>
          `${at(i.startedAt)}, ${formatDuration(i.durationSeconds * 1000)}${i.endedAt ? '' : ' (still open)'}: ${i.title}${i.cause ? ` (${i.cause})` : ''}`,
      ),
      'No incidents in the period.',
    );
    doc.moveDown(0.3);
    list(
      `Maintenance windows (${w.maintenance.length})`,
      w.maintenance.map(
        (m) =>
          `${at(m.startsAt)}, ${formatDuration(m.durationMinutes * 60_000)}${m.reason ? `: ${m.reason}` : ''}`,
      ),
      'No maintenance windows in the period.',
    );
    doc.moveDown(0.3);
    list(
      `Updates (${w.updates.length})`,
      w.updates.map((u) => `${at(u.at)}: ${updateLine(u)}`),
      'No updates by Agency Hub in the period.',
    );
    doc.moveDown(0.3);
    security(w);
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
        '"no data" means nothing measured the site in the period. ' +
        securityCoverage(report),
    );
  doc.end();
  return done;
}

type Doc = PDFKit.PDFDocument;

/**
 * The summary first: one row a website with its uptime over the measured time ("since …" when that
 * began inside the period), its incidents and its mean response; the header repeats on a new page.
 */
function summaryTable(doc: Doc, report: ClientReport, width: number) {
  const columns = [
    { title: 'Website', width: width - 300, align: 'left' as const },
    { title: 'Uptime', width: 130, align: 'right' as const },
    { title: 'Incidents', width: 70, align: 'right' as const },
    { title: 'Avg response', width: 100, align: 'right' as const },
  ];
  const pad = 6;
  const row = (cells: { text: string; note?: string | null }[], header: boolean) => {
    doc.font(header ? 'bold' : 'regular').fontSize(9);
    const heights = cells.map((c, i) => {
      const w = columns[i]!.width - 2 * pad;
      const note = c.note ? doc.fontSize(7.5).heightOfString(c.note, { width: w }) + 1 : 0;
      doc.fontSize(9);
      return doc.heightOfString(c.text, { width: w }) + note;
    });
    const height = Math.max(...heights) + 2 * pad;
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      if (!header)
        row(
          columns.map((c) => ({ text: c.title })),
          true,
        );
    }
    const top = doc.y;
    if (header) doc.rect(50, top, width, height).fill('#f1f1f3');
    let x = 50;
    cells.forEach((c, i) => {
      const col = columns[i]!;
      const w = col.width - 2 * pad;
      doc
        .font(header ? 'bold' : 'regular')
        .fontSize(9)
        .fillColor(INK)
        .text(c.text, x + pad, top + pad, { width: w, align: col.align });
      if (c.note)
        doc
          .fontSize(7.5)
          .fillColor(MUTED)
          .text(c.note, x + pad, doc.y + 1, { width: w, align: col.align });
      x += col.width;
    });
    doc
      .moveTo(50, top + height)
      .lineTo(50 + width, top + height)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.x = 50;
    doc.y = top + height;
  };
  doc.font('bold').fontSize(13).fillColor(INK).text('Summary');
  doc.moveDown(0.3);
  row(
    columns.map((c) => ({ text: c.title })),
    true,
  );
  for (const w of report.websites) {
    const uptime = summaryUptime(w, report.timeZone);
    row(
      [
        { text: w.domain },
        { text: uptime.value, note: uptime.since },
        { text: String(w.incidents.length) },
        { text: summaryResponse(w.avgResponseMs) },
      ],
      false,
    );
  }
  doc.fillColor(INK);
  doc.moveDown();
}

/**
 * A site's uptime day by day: one bar a day, green for the share of results up and red for the share
 * down (at least a sliver, so a short outage shows), grey for a day nothing measured.
 */
function dailyBars(doc: Doc, site: ReportWebsite, width: number) {
  const missing = dailyMissing(site);
  doc.font('bold').fontSize(10).fillColor(INK).text('Daily uptime');
  if (missing || !site.daily) {
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(MUTED)
      .text(missing ?? '')
      .fillColor(INK);
    return;
  }
  const days = site.daily;
  const height = 28;
  const gap = days.length <= 62 ? 1.5 : days.length <= 120 ? 0.5 : 0;
  const bar = (width - gap * (days.length - 1)) / days.length;
  const top = doc.y + 3;
  days.forEach((d, i) => {
    const x = 50 + i * (bar + gap);
    if (d.uptime === null) {
      doc.rect(x, top, bar, height).fill(NONE);
      return;
    }
    const down = d.uptime >= 100 ? 0 : Math.max(((100 - d.uptime) / 100) * height, 2);
    if (down < height) doc.rect(x, top + down, bar, height - down).fill(UP);
    if (down > 0) doc.rect(x, top, bar, down).fill(DOWN);
  });
  doc.font('regular').fontSize(7.5).fillColor(MUTED);
  const first = formatReportDay(days[0]!.day);
  const last = formatReportDay(days.at(-1)!.day);
  doc.text(first, 50, top + height + 3, { width: width / 2, lineBreak: false });
  doc.text(last, 50 + width / 2, top + height + 3, { width: width / 2, align: 'right' });
  const legend = [
    { colour: UP, text: 'Up' },
    { colour: DOWN, text: 'Down' },
    { colour: NONE, text: 'No data' },
  ];
  let x = 50;
  const y = doc.y + 2;
  for (const l of legend) {
    doc.rect(x, y + 1.5, 7, 7).fill(l.colour);
    doc.fillColor(MUTED).text(l.text, x + 10, y, { lineBreak: false });
    x += 10 + doc.widthOfString(l.text) + 12;
  }
  doc.x = 50;
  doc.y = y + 12;
  doc.fillColor(INK);
}
