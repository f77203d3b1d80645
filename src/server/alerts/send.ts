import { createHmac } from 'node:crypto';
import { WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '../../shared/alerts';
import { addressPolicy, guardedRequest } from '../core/outbound';
import type { AlertChannelRow } from '../db/schema';
import type { Services } from '../services';
import { slackText } from './slack';

export type AlertPayload = {
  event: string;
  title: string;
  body: string;
  /** Absolute link into Agency Hub. */
  url: string;
  incidentId: number | null;
  sentAt: string;
};

/** One alert to one channel. Throws a plain Error with a short reason when the channel refuses it. */
export async function sendToChannel(
  services: Services,
  channel: AlertChannelRow & { secretValue: string | null },
  payload: AlertPayload,
): Promise<void> {
  if (channel.kind === 'email') {
    if (!services.mailer) throw new Error('Email alerts need SMTP: set SMTP_URL.');
    await services.mailer.send({
      to: channel.target,
      subject: `[Agency Hub] ${payload.title}`,
      text: `${payload.body}\n\n${payload.url}\n`,
    });
    return;
  }
  const url = channel.kind === 'slack' ? channel.secretValue! : channel.target;
  const body =
    channel.kind === 'slack' ? JSON.stringify({ text: slackText(payload) }) : JSON.stringify(payload);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'AgencyHub-Alerts/1.0',
  };
  if (channel.kind === 'webhook' && channel.secretValue) {
    const timestamp = String(Math.floor(services.clock.now().getTime() / 1000));
    headers[WEBHOOK_TIMESTAMP_HEADER] = timestamp;
    headers[WEBHOOK_SIGNATURE_HEADER] = `sha256=${signature(channel.secretValue, timestamp, body)}`;
  }
  const res = await guardedRequest(url, {
    method: 'POST',
    headers,
    body,
    timeoutMs: 10_000,
    readBody: 4096,
    ...addressPolicy(services.config),
  });
  if (res.status < 200 || res.status >= 300) {
    throw new Error(`${channel.kind === 'slack' ? 'Slack' : 'The webhook'} answered HTTP ${res.status}`);
  }
}

/** HMAC-SHA256 of "<timestamp>.<body>" with the channel's secret, hex: what receivers recompute. */
export const signature = (secret: string, timestamp: string, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
