import type { ClientReport } from '../../shared/reports';
import { AppError } from '../core/errors';
import type { Services } from '../services';
import { readLogo } from '../settings';
import { renderReportPdf } from './pdf';

/** The report's PDF with the agency's logo from Settings (none yet: the name alone). */
export async function reportPdf(services: Services, report: ClientReport): Promise<Buffer> {
  const logo = report.agency.logoUrl
    ? await readLogo(services).catch((err) => {
        if (err instanceof AppError && err.status === 404) return null;
        throw err;
      })
    : null;
  return renderReportPdf(report, logo, services.clock.now());
}
