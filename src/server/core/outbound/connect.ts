import { isIP, connect as netConnect, type Socket } from 'node:net';
import { type SecureContext, connect as tlsConnect } from 'node:tls';
import type buildConnector from 'undici/types/connector';
import { type CertificateInfo, certificateError, toCertificateInfo } from './certificate';
import type { Resolver } from './dns';
import { formatDuration, OutboundError } from './errors';
import { guardedLookup, refuseLiteral } from './lookup';
import type { AddressGate } from './policy';

/**
 * undici's `connect` hook for guarded requests (checks, webhooks, RDAP). It owns the whole way to a
 * socket so that:
 * - the address policy is applied to the exact addresses the socket may connect to: an IP in the URL
 *   before connecting, a name inside the lookup that net.connect uses (every address it resolved), so
 *   there is no gap between "checked" and "connected" for DNS rebinding to slip through;
 * - name lookup, TCP and TLS together get one connect time limit;
 * - the TLS peer certificate is read on this very connection, also when it fails verification
 *   ("Certificate expired" still reports the dates), and nothing is sent before verification passed;
 * - no TLS session is resumed, so every check verifies the certificate the site serves now.
 */
export type ConnectorOptions = {
  gate: AddressGate;
  resolver?: Resolver;
  connectTimeoutMs: number;
  secureContext: SecureContext;
  onCertificate: (certificate: CertificateInfo) => void;
  signal?: AbortSignal;
};

export function guardedConnector(options: ConnectorOptions): buildConnector.connector {
  const lookup = guardedLookup(options.gate, options.resolver);
  return (opts, callback) => {
    const host = opts.hostname.startsWith('[') ? opts.hostname.slice(1, -1) : opts.hostname;
    const https = opts.protocol === 'https:';
    const port = Number(opts.port) || (https ? 443 : 80);
    if (options.signal?.aborted) return callback(new OutboundError('timeout', 'Cancelled'), null);
    const refused = refuseLiteral(host, options.gate);
    if (refused) return callback(refused, null);
    const servername = isIP(host) ? undefined : (opts.servername ?? host);
    const socket: Socket = https
      ? tlsConnect({
          host,
          port,
          servername,
          lookup,
          secureContext: options.secureContext,
          rejectUnauthorized: false, // verified below, after the certificate has been read
          ALPNProtocols: ['http/1.1'],
        })
      : netConnect({ host, port, lookup });

    let settled = false;
    const finish = (error: Error | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (error) {
        socket.destroy();
        callback(error, null);
      } else callback(null, socket);
    };
    const onAbort = () => finish(new OutboundError('timeout', 'Cancelled'));
    const timer = setTimeout(
      () =>
        finish(
          new OutboundError(
            'connect_timeout',
            `Could not connect within ${formatDuration(options.connectTimeoutMs)}`,
          ),
        ),
      options.connectTimeoutMs,
    );
    options.signal?.addEventListener('abort', onAbort, { once: true });
    socket.once('error', (error) => finish(error));
    socket.once(https ? 'secureConnect' : 'connect', () => {
      if (!https) return finish(null);
      const tls = socket as import('node:tls').TLSSocket;
      const certificate = toCertificateInfo(tls.getPeerCertificate(), servername ?? host);
      if (certificate) options.onCertificate(certificate);
      if (tls.authorized) return finish(null);
      const code = tls.authorizationError as unknown as string | undefined;
      finish(new OutboundError('tls', certificateError(code, servername ?? host)));
    });
  };
}
