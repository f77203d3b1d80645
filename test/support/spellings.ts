import http from 'node:http';
import fc from 'fast-check';

/** `%61` for `a`: one character percent-encoded, in lower- or upper-case hex. */
export const encodeChar = (char: string, upper = false): string => {
  const hex = char.charCodeAt(0).toString(16).padStart(2, '0');
  return `%${upper ? hex.toUpperCase() : hex}`;
};

const encodeAt = (segment: string, index: number, upper = false) =>
  segment.slice(0, index) + encodeChar(segment[index]!, upper) + segment.slice(index + 1);

const encodeLetters = (segment: string, upper: boolean) =>
  [...segment].map((c) => (/[a-z]/i.test(c) ? encodeChar(c, upper) : c)).join('');

/**
 * Non-canonical spellings of a path that a router or a proxy may read as the same path: each letter of
 * its first two segments percent-encoded (lower- and upper-case hex), every letter encoded, other
 * letter case, doubled slashes, dot segments, a trailing slash, `;params` and an encoded slash.
 * `/api/users` gives `/%61pi/users`, `/api/%75sers`, `//api/users`, `/api/./users`, `/api/users;x` …
 */
export function oddSpellings(path: string): string[] {
  const [first = '', second = '', ...rest] = path.split('/').slice(1);
  const tail = rest.length ? `/${rest.join('/')}` : '';
  const join = (a: string, b: string) => `/${a}${second || b ? `/${b}` : ''}${tail}`;
  const out = new Set<string>();
  for (let i = 0; i < first.length; i++)
    if (/[a-z]/i.test(first[i]!)) out.add(join(encodeAt(first, i), second));
  for (let i = 0; i < second.length; i++) {
    if (/[a-z]/i.test(second[i]!)) out.add(join(first, encodeAt(second, i, i % 2 === 1)));
  }
  out.add(join(encodeLetters(first, true), encodeLetters(second, true)));
  out.add(join(encodeLetters(first, false), encodeLetters(second, false)));
  out.add(join(first.toUpperCase(), second));
  out.add(join(first, second.toUpperCase()));
  out.add(`/${path}`);
  out.add(path.replace(`/${first}/`, `/${first}//`));
  out.add(`${path}/`);
  out.add(`/.${path}`);
  out.add(path.replace(`/${first}/`, `/${first}/./`));
  out.add(path.replace(`/${first}/`, `/${first}/x/../`));
  out.add(`${path};x=1`);
  out.add(path.replace(`/${first}/`, `/${first};x/`));
  out.add(path.replace(`/${first}/`, `/${first}%2f`));
  out.add(path.replace(`/${first}/`, `/${first}%2F`));
  out.delete(path);
  return [...out];
}

const weighted = <T>(common: T, rare: T[]) =>
  fc.oneof({ arbitrary: fc.constant(common), weight: 6 }, { arbitrary: fc.constantFrom(...rare), weight: 1 });

/**
 * Random spellings of `path` (for a property test): any mix of the transformations above, and more.
 * Most characters are kept or percent-encoded, so many spellings still name the route (and must meet
 * its guard); the rarer changes (case, slashes, suffixes) make spellings that must find no route.
 */
export function spellingOf(path: string): fc.Arbitrary<string> {
  const chars = [...path];
  const perChar = fc.oneof(
    { arbitrary: fc.constant('keep' as const), weight: 5 },
    { arbitrary: fc.constant('encode' as const), weight: 4 },
    { arbitrary: fc.constant('flip' as const), weight: 1 },
  );
  return fc
    .record({
      how: fc.array(perChar, { minLength: chars.length, maxLength: chars.length }),
      upperHex: fc.boolean(),
      slashes: fc.array(weighted('/', ['//', '/./', '/x/../', ';a/', '%2f', '/;/']), {
        minLength: chars.length,
        maxLength: chars.length,
      }),
      suffix: weighted('', ['/', ';', ';x=1', '/.', '?a=1', '%20', '.']),
    })
    .map(({ how, upperHex, slashes, suffix }) => {
      let out = '';
      chars.forEach((c, i) => {
        if (c === '/') out += i === 0 ? '/' : slashes[i];
        else if (how[i] === 'encode' && /[a-z0-9]/i.test(c)) out += encodeChar(c, upperHex);
        else out += how[i] === 'flip' ? c.toUpperCase() : c;
      });
      return out + suffix;
    })
    .filter((spelled) => spelled !== path);
}

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * One request with the path sent exactly as given (no normalisation on the way, as `curl --path-as-is`
 * does), so the server sees what an attacker would send.
 */
export function rawRequest(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: {
          ...headers,
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
