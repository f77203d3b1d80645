import { pipeline, Transform, type TransformCallback } from 'node:stream';
import Parser from 'stream-json/Parser.js';
import StreamObject from 'stream-json/streamers/StreamObject.js';
import { isAllowedProviderUrl } from '../../../shared/integrations';
import type { AddressPolicy, Resolver } from '../../core/outbound';
import { ProviderError } from '../../core/outbound/provider-error';
import { DEFAULT_CONNECT_TIMEOUT_MS } from '../../core/outbound/provider-http';
import { badFeed, incomplete, tooLarge, wrongAddress } from './errors';
import { DEFAULT_WORDFENCE_API_URL, type WordfenceFeed } from './keys';
import { normaliseRecord, type Vulnerability } from './parse';
import { openFeed } from './request';

export type { AffectedSoftware, CopyrightNotice, VersionRange, Vulnerability } from './parse';

export type WordfenceClientOptions = {
  /** WORDFENCE_API_URL: https://www.wordfence.com/api/intelligence/v3, or a fake; the feed's paths are appended. */
  baseUrl?: string;
  /** The account's Intelligence API key, sent as a bearer token (so only ever over https, or to localhost). */
  apiKey: string;
  /** The instance's outbound address rule. */
  addressPolicy: AddressPolicy;
  /** Budget for a whole feed: connect, headers and every byte of the body. */
  timeoutMs?: number;
  /** Budget for checkKey, which reads only the feed's first record. */
  checkTimeoutMs?: number;
  connectTimeoutMs?: number;
  /** The most (decoded) bytes one feed may have; past this the read fails. */
  maxBytes?: number;
  /** Name resolution; the system resolver unless a test passes its own. */
  resolver?: Resolver;
};

/** What one complete read of a feed handed over. */
export type FeedRead = {
  /** Records handed to onRecord. */
  records: number;
  /** Entries that were not a record we could use (no id, no software we can match). */
  skipped: number;
  /** The body's size as read (after decompression). */
  bytes: number;
};

export type WordfenceClient = ReturnType<typeof createWordfenceClient>;

/** About 160 MB in late 2026 and growing: a generous ceiling, still a stop for an endless answer. */
const DEFAULT_MAX_BYTES = 1024 * 1024 * 1024;
/** The whole feed over a slow link. */
const DEFAULT_TIMEOUT_MS = 15 * 60_000;
const DEFAULT_CHECK_TIMEOUT_MS = 30_000;
const FEEDS: readonly WordfenceFeed[] = ['production', 'scanner'];

/**
 * Wordfence Intelligence's vulnerability feed (v3). The feed is one JSON object keyed by record id, far
 * too large to hold in memory: it is parsed as it arrives, one record at a time, so memory stays flat
 * whatever its size. Every failure is a ProviderError naming Wordfence Intelligence.
 */
export function createWordfenceClient(options: WordfenceClientOptions) {
  const base = (options.baseUrl ?? DEFAULT_WORDFENCE_API_URL).replace(/\/+$/, '');
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;

  /**
   * Reads `feed` entry by entry, handing each (key, value) to `handle`, which answers true to stop
   * there. Resolves when the feed was read to its end or `handle` stopped it; rejects otherwise.
   */
  async function read(
    feed: WordfenceFeed,
    timeoutMs: number,
    signal: AbortSignal | undefined,
    handle: (id: string, raw: unknown) => Promise<boolean> | boolean,
  ): Promise<{ bytes: number }> {
    if (!FEEDS.includes(feed)) throw new TypeError(`Unknown Wordfence feed: ${JSON.stringify(feed)}`);
    // Checked per call (not at construction) so a bad setting surfaces as a ProviderError the UI can show.
    if (!isAllowedProviderUrl(base)) throw wrongAddress();
    const opened = await openFeed({
      url: `${base}/vulnerabilities/${feed}`,
      apiKey: options.apiKey,
      addressPolicy: options.addressPolicy,
      timeoutMs,
      connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      signal,
      resolver: options.resolver,
    });

    let bytes = 0;
    let bodyFailed = false;
    opened.body.on('error', () => {
      bodyFailed = true;
    });
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done: TransformCallback) {
        bytes += chunk.length;
        if (bytes > maxBytes) done(tooLarge(maxBytes));
        else done(null, chunk);
      },
    });
    const tokens = new FeedParser();
    // Errors of every stage reach the loop below through the last stream; the callback only keeps
    // them from being reported twice.
    const entries = pipeline(opened.body, counter, tokens, StreamObject.make(), () => {});

    // Set when the loop ends early: the consumer's own error, or a limit that struck while the rest
    // of the body was already buffered (it must not then count as read whole).
    let failure: { error: unknown } | null = null;
    try {
      for await (const entry of entries as AsyncIterable<{ key: string; value: unknown }>) {
        let stop: boolean;
        try {
          stop = await handle(entry.key, entry.value);
        } catch (error) {
          failure = { error };
          break;
        }
        const interrupted = opened.interrupted();
        if (interrupted) {
          failure = { error: interrupted };
          break;
        }
        if (stop) break;
      }
    } catch (error) {
      if (error instanceof ProviderError || bodyFailed) throw opened.failure(error);
      // The parser's complaint: at the end of the input it means the feed stopped early.
      throw tokens.atEnd ? incomplete(error) : badFeed('a feed we could not read', error);
    } finally {
      opened.hangUp();
    }
    if (failure) throw failure.error;
    return { bytes };
  }

  /**
   * Reads a whole feed, handing each usable record to `onRecord` in feed order and waiting for it
   * (so a slow consumer slows the download rather than filling memory). Resolves only when the feed
   * was read to its end with at least one usable record.
   *
   * When it rejects, the feed was not read whole: the records already handed to `onRecord` belong to
   * an unfinished import and must not replace the last complete one (stage them and switch only when
   * this resolves). A ProviderError says what went wrong with Wordfence (refused key, rate limit with
   * `retryAfterSeconds`, server failure, a feed that ended before it was complete …); an error thrown
   * by `onRecord` stops the read and comes back unchanged.
   */
  async function streamVulnerabilities(
    feed: WordfenceFeed,
    onRecord: (vulnerability: Vulnerability) => Promise<void> | void,
    opts: { signal?: AbortSignal } = {},
  ): Promise<FeedRead> {
    let records = 0;
    let skipped = 0;
    const { bytes } = await read(
      feed,
      options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      opts.signal,
      async (id, raw) => {
        const vulnerability = normaliseRecord(id, raw);
        if (!vulnerability) {
          skipped++;
          return false;
        }
        records++;
        await onRecord(vulnerability);
        return false;
      },
    );
    // A feed with nothing usable in it is a broken answer, not a world without vulnerabilities: it
    // must not replace a good import with nothing.
    if (records === 0) throw badFeed('a feed without a single record we could read');
    return { records, skipped, bytes };
  }

  /**
   * Proves the key works, as cheaply as the feed allows (it has no small endpoint): opens the slim
   * scanner feed, reads up to its first usable record and hangs up. It still costs one request of
   * the key's allowance, so a check right before an import may make that import wait.
   */
  async function checkKey(opts: { signal?: AbortSignal } = {}): Promise<void> {
    let found = false;
    await read('scanner', options.checkTimeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS, opts.signal, (id, raw) => {
      found = normaliseRecord(id, raw) !== null;
      return found;
    });
    if (!found) throw badFeed('a feed without a single record we could read');
  }

  return { streamVulnerabilities, checkKey };
}

/** The same as createWordfenceClient. */
export const wordfenceClient = createWordfenceClient;

/** stream-json's parser, noting when the input has ended: a complaint from then on means "cut off". */
class FeedParser extends Parser {
  atEnd = false;

  constructor() {
    // Whole keys, strings and numbers only: what the record assembler needs, and far fewer tokens.
    super({ packValues: true, streamValues: false });
  }

  override _flush(callback: TransformCallback): void {
    this.atEnd = true;
    super._flush(callback);
  }
}
