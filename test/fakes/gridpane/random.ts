/** Deterministic randomness for fixtures: same seed, same fleet, on every machine. */
export type Random = {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
};

/** mulberry32: tiny, fast, good enough for fixtures (not for anything secret). */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(0, items.length - 1)]!;
    },
    chance: (probability) => next() < probability,
  };
}

const FIRST = [
  'bright',
  'oak',
  'summit',
  'harbor',
  'golden',
  'maple',
  'river',
  'north',
  'urban',
  'copper',
  'evergreen',
  'silver',
  'cedar',
  'stone',
  'coastal',
  'prairie',
  'lakeside',
  'sunny',
  'blue',
  'wild',
  'true',
  'little',
  'green',
  'red',
  'peak',
  'hill',
  'bay',
  'iron',
  'willow',
  'elm',
] as const;
const SECOND = [
  'smile',
  'iron',
  'leaf',
  'ridge',
  'craft',
  'forge',
  'bloom',
  'nest',
  'path',
  'grove',
  'light',
  'wave',
  'barn',
  'mill',
  'table',
  'thread',
  'root',
  'field',
  'stone',
  'anchor',
] as const;
const TRADE = [
  'dental',
  'law',
  'bakery',
  'fitness',
  'studio',
  'realty',
  'coffee',
  'clinic',
  'design',
  'plumbing',
  'roofing',
  'yoga',
  'vet',
  'salon',
  'builders',
  'goods',
  'kitchen',
  'wellness',
  'media',
  '',
] as const;
const TLDS = ['com', 'com', 'com', 'co', 'net', 'org', 'ca', 'io'] as const;

/** "brightsmiledental.com", "oakandiron.co": the kind of names an agency's client list is made of. */
export function agencyDomain(random: Random): string {
  const first = random.pick(FIRST);
  let second: string = random.pick(SECOND);
  while (second === first) second = random.pick(SECOND);
  const joined = random.chance(0.2) ? `${first}and${second}` : `${first}${second}${random.pick(TRADE)}`;
  return `${joined}.${random.pick(TLDS)}`;
}

const BASE_TIME = Date.UTC(2023, 0, 2, 9, 0, 0);

/** GridPane's two timestamp styles: ISO with microseconds, and zone-less "YYYY-MM-DD HH:MM:SS". */
export const iso = (offsetHours: number) =>
  new Date(BASE_TIME + offsetHours * 3_600_000).toISOString().replace('Z', '000Z');
export const plain = (offsetHours: number) =>
  new Date(BASE_TIME + offsetHours * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/** FNV-1a over the parts: a stable seed per (seed, monitor, period…) so answers repeat across calls. */
export function seedOf(...parts: (string | number)[]): number {
  let hash = 0x811c9dc5;
  for (const char of parts.join('|')) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
