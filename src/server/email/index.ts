/** What other areas use of email: the mail job and the mailer's type. */
export { MAIL_JOB, type MailJob } from './job';
export type { Mailer } from './mailer';
