import { z } from 'zod';

/**
 * What we read from a registry's RDAP domain answer (RFC 9083): the "expiration" event, and the
 * registrar's name when the answer carries one. Everything else is ignored; anything missing or
 * malformed gives null, never a guess.
 */
const eventSchema = z.object({ eventAction: z.string(), eventDate: z.string() });
const entitySchema = z.object({
  roles: z.array(z.string()).optional(),
  vcardArray: z.tuple([z.literal('vcard'), z.array(z.array(z.unknown()))]).optional(),
});
const domainSchema = z.object({
  events: z.array(z.unknown()).optional(),
  entities: z.array(z.unknown()).optional(),
});

export type RdapDomainFacts = { expiresAt: string | null; registrar: string | null };

export function readDomainAnswer(json: unknown): RdapDomainFacts | null {
  const parsed = domainSchema.safeParse(json);
  if (!parsed.success) return null;
  return {
    expiresAt: expiration(parsed.data.events ?? []),
    registrar: registrar(parsed.data.entities ?? []),
  };
}

function expiration(events: unknown[]): string | null {
  for (const raw of events) {
    const event = eventSchema.safeParse(raw);
    if (!event.success || event.data.eventAction.toLowerCase() !== 'expiration') continue;
    const at = Date.parse(event.data.eventDate);
    if (!Number.isNaN(at)) return new Date(at).toISOString();
  }
  return null;
}

function registrar(entities: unknown[]): string | null {
  for (const raw of entities) {
    const entity = entitySchema.safeParse(raw);
    if (!entity.success || !entity.data.roles?.includes('registrar')) continue;
    const fn = entity.data.vcardArray?.[1].find((property) => property[0] === 'fn');
    if (fn && typeof fn[3] === 'string' && fn[3].trim()) return fn[3].trim().slice(0, 200);
  }
  return null;
}
