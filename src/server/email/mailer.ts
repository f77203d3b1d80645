import nodemailer from 'nodemailer';

export type MailAttachment = { filename: string; content: Buffer; contentType: string };
export type Mail = { to: string; subject: string; text: string; attachments?: MailAttachment[] };
export type Mailer = { send(mail: Mail): Promise<void> };

/** SMTP through nodemailer, with timeouts so a dead mail server cannot hang a request. */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 5000,
    greetingTimeout: 5000,
    socketTimeout: 15_000,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}
