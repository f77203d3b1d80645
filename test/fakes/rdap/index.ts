export { DEFAULT_REGISTRAR, domainAnswer } from './answers';
export {
  DEFAULT_RDAP_TLDS,
  type FakeRdap,
  type FakeRdapOptions,
  type RdapCase,
  type RdapRequest,
  startFakeRdap,
} from './server';
