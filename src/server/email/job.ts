import type { JobSpec } from '../core/jobs/engine';
import { defineJob } from '../core/jobs/registry';
import type { Services } from '../services';
import type { Mail } from './mailer';

/** A mail sent in the background, retried when the mail server fails (notices, not reports). */
export type MailJob = Omit<Mail, 'attachments'>;

export const MAIL_JOB = defineJob<MailJob>('mail');

/** Sends one mail; without SMTP it says in the log that it could not, and what it was about. */
export const mailJob = (services: Services): JobSpec<MailJob> => ({
  name: MAIL_JOB.name,
  policy: 'standard',
  retryLimit: 5,
  retryDelaySeconds: 30,
  retryDelayMaxSeconds: 1800,
  batchSize: 4,
  run: async (mail, job) => {
    if (!services.mailer) {
      job.log.info({ subject: mail.subject }, 'A notice was not mailed: SMTP_URL is not set');
      return;
    }
    await services.mailer.send(mail);
  },
});
