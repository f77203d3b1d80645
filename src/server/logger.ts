import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

// Query strings can carry reset and setup tokens: never write them to the log.
export const redactUrl = (url: string) => url.replace(/([?&](token|code)=)[^&]*/gi, '$1[redacted]');

/** Fastify's logger: JSON lines in production, no headers (cookies) and no secrets in URLs. */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    serializers: {
      req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
    },
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        '*.password',
        '*.token',
        '*.accessToken',
        '*.apiToken',
        '*.globalToken',
      ],
      censor: '[redacted]',
    },
  };
}
