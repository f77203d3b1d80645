import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type CaughtMail = { from: string; to: string[]; subject: string; text: string; at: string };

/**
 * A local mail catcher for the demo and tests: an SMTP server that accepts anything on 127.0.0.1 and
 * keeps it, and a web page listing what arrived (newest first). Nothing leaves this machine.
 */
export async function startMailCatcher(options: { smtpPort?: number; webPort?: number } = {}) {
  const mails: CaughtMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        if (raw.length < 1_000_000) raw += chunk;
      });
      stream.on('end', () => {
        const split = raw.indexOf('\r\n\r\n');
        const head = split >= 0 ? raw.slice(0, split) : raw;
        const body = split >= 0 ? raw.slice(split + 4) : '';
        const subject = /^subject: (.*)$/im.exec(head.replace(/\r\n\s+/g, ' '))?.[1] ?? '(no subject)';
        mails.unshift({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject,
          text: decodeQuotedPrintable(body),
          at: new Date().toISOString(),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(options.smtpPort ?? 0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const web = createServer((req, res) => {
    if (req.url === '/mails.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify(mails));
    }
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    });
    res.end(page(mails));
  });
  await new Promise<void>((resolve) => web.listen(options.webPort ?? 0, '127.0.0.1', resolve));
  const webPort = (web.address() as AddressInfo).port;

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    webUrl: `http://127.0.0.1:${webPort}`,
    mails,
    close: async () => {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      web.closeAllConnections();
      await new Promise<void>((resolve) => web.close(() => resolve()));
    },
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(mails: CaughtMail[]): string {
  const items = mails
    .map(
      (m) =>
        `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">${escapeHtml(m.at)} · to ${escapeHtml(m.to.join(', '))}</p><pre>${escapeHtml(m.text)}</pre></article>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="10"><title>Demo mail catcher</title>
<style>body{font:15px system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem;color:#111}article{border-bottom:1px solid #ddd;padding:.5rem 0}h2{font-size:1rem;margin:.2rem 0}.meta{color:#555;margin:0}pre{white-space:pre-wrap}</style></head>
<body><h1>Mail caught by the demo (${mails.length})</h1><p>Alerts Agency Hub emails arrive here; the page refreshes every 10 s.</p>${items || '<p>Nothing yet.</p>'}</body></html>`;
}

/** Enough quoted-printable for plain-text mail bodies (soft line breaks and =XX bytes). */
function decodeQuotedPrintable(text: string): string {
  if (!/=\r?\n|=[0-9A-F]{2}/.test(text)) return text;
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
