/**
 * RDAP documents as registries serve them (RFC 9083): a domain object with
 * its events and registrar entity, and the error object registries send with 404 and 429.
 */
export const RDAP_CONTENT_TYPE = 'application/rdap+json';

export const DEFAULT_REGISTRAR = 'Example Registrar, Inc.';

export type DomainAnswerOptions = {
  expiresAt: Date | null;
  registeredAt: Date;
  registrar?: string;
};

export function domainAnswer(name: string, options: DomainAnswerOptions) {
  const events: Array<{ eventAction: string; eventDate: string }> = [
    { eventAction: 'registration', eventDate: options.registeredAt.toISOString() },
  ];
  // Many ccTLD registries leave the expiration event out: the client must then say "unknown".
  if (options.expiresAt)
    events.push({ eventAction: 'expiration', eventDate: options.expiresAt.toISOString() });
  events.push(
    { eventAction: 'last changed', eventDate: options.registeredAt.toISOString() },
    { eventAction: 'last update of RDAP database', eventDate: new Date().toISOString() },
  );
  return {
    objectClassName: 'domain',
    rdapConformance: [
      'rdap_level_0',
      'icann_rdap_response_profile_0',
      'icann_rdap_technical_implementation_guide_0',
    ],
    handle: `${name.replace(/\./g, '_').toUpperCase()}-FAKE`,
    ldhName: name.toUpperCase(),
    status: ['client transfer prohibited'],
    events,
    entities: [
      {
        objectClassName: 'entity',
        handle: '9999',
        roles: ['registrar'],
        vcardArray: [
          'vcard',
          [
            ['version', {}, 'text', '4.0'],
            ['fn', {}, 'text', options.registrar ?? DEFAULT_REGISTRAR],
          ],
        ],
      },
    ],
    nameservers: [
      { objectClassName: 'nameserver', ldhName: 'NS1.EXAMPLE-DNS.NET' },
      { objectClassName: 'nameserver', ldhName: 'NS2.EXAMPLE-DNS.NET' },
    ],
    secureDNS: { delegationSigned: false },
    notices: [
      {
        title: 'Terms of Use',
        description: ['Service subject to the fake registry terms of use.'],
      },
    ],
  };
}

export function errorAnswer(errorCode: number, title: string, description: string) {
  return { rdapConformance: ['rdap_level_0'], errorCode, title, description: [description] };
}

/** IANA's dns.json shape: `services` as [[labels…], [base URLs…]]. */
export function bootstrapFile(services: Array<[string[], string[]]>) {
  return {
    version: '1.0',
    publication: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    description: 'RDAP bootstrap file for Domain Name System registrations (fake)',
    services,
  };
}
