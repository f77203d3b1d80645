import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

// Query strings can carry reset and setup tokens: never write them to the log.
export const redactUrl = (url: string) => url.replace(/([?&](token|code)=)[^&]*/gi, '$1[redacted]');

const secretFields = ['password', 'token', 'accessToken', 'apiToken', 'globalToken'];

/** Fastify's logger: JSON lines in production, no headers (cookies) and no secrets in URLs. */
export function loggerOptions(config: Config): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: config.logLevel,
    serializers: {
      req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
    },
    redact: {
      // Secret fields at the top of a log object (log.info(settings)) and one level down ({ settings }).
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        ...secretFields.flatMap((f) => [f, `*.${f}`]),
      ],
      censor: '[redacted]',
    },
  };
}
