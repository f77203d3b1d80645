/** Domain expiry from RDAP: the registered domain, its registry, the expiry date or "unknown". */
export { IANA_BOOTSTRAP_URL } from './bootstrap';
export {
  createRdapClient,
  type DomainExpiry,
  type DomainExpiryUnknownReason,
  type RdapClient,
  type RdapClientOptions,
} from './client';
export { registeredDomain } from './domain';
