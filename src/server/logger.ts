import type { FastifyReply, FastifyServerOptions } from 'fastify';
import { prettyFactory } from 'pino-pretty';
import type { Config } from './config';

// Query strings can carry reset and setup tokens: never write them to the log.
export const redactUrl = (url: string) => url.replace(/([?&](token|code)=)[^&]*/gi, '$1[redacted]');

const secretFields = ['password', 'token', 'accessToken', 'apiToken', 'globalToken'];

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;
/** Where log lines go: stdout, or a capture in tests. */
export type LogOutput = { write(line: string): void; isTTY?: boolean };

/**
 * Fastify's logger: no headers (cookies, bearer tokens) and no secrets in URLs, in either format.
 * JSON lines, one per request, when the output is not a terminal or LOG_FORMAT=json (for log
 * collectors); short human lines in a terminal, where only failed requests get a line.
 */
export function loggerOptions(config: Config, output: LogOutput = process.stdout): LoggerOptions {
  const json: LoggerOptions = {
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
  const human = config.logFormat === 'pretty' || (config.logFormat === 'auto' && output.isTTY === true);
  if (!human) return output === process.stdout ? json : { ...json, stream: output };
  // Redaction runs before a line reaches this formatter, so the human format is as clean as the JSON one.
  const format = prettyFactory({
    colorize: output.isTTY === true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    singleLine: true,
  });
  return {
    ...json,
    stream: { write: (line: string) => output.write(format(line)) },
    hooks: {
      // Fastify logs every request twice; a person at a terminal wants a line for the failures only.
      logMethod(args, method) {
        const [first, message] = args as unknown[];
        if (message === 'incoming request') return;
        if (message === 'request completed') {
          const { res, responseTime } = first as { res: FastifyReply; responseTime: number };
          if (res.statusCode < 400) return;
          const line = `${res.request.method} ${redactUrl(res.request.url)} → ${res.statusCode} (${Math.round(responseTime)} ms)`;
          if (res.statusCode >= 500) this.error(line);
          else method.call(this, line);
          return;
        }
        method.apply(this, args);
      },
    },
  };
}
