/**
 * The outbound address rule and the transports that apply it, for every address a person typed or a
 * provider handed us: checks, alert webhooks and Slack, provider base URLs, HD Snapshot sites. Only
 * public addresses are contacted unless the operator sets ALLOW_PRIVATE_TARGETS; the rule is checked
 * when an address is saved and again at connect time, on the address the socket actually uses, on
 * every redirect, IPv4-mapped and NAT64 forms judged by the IPv4 address they carry. Infrastructure:
 * it imports no feature area.
 */
export { type AddressKind, classifyAddress } from './address';
export { type GuardedAgentOptions, guardedAgent } from './agent';
export { type CertificateInfo, soonestExpiring } from './certificate';
export type { Resolver } from './dns';
export { formatDuration, lowerFirst, OutboundError, type OutboundErrorCode } from './errors';
export { assertPublicField } from './field';
export { RefusedAddressError, refusalIn } from './lookup';
export {
  type AddressPolicy,
  ALLOW_PRIVATE_HINT,
  type AssertOptions,
  addressPolicy,
  assertPublicUrl,
  type RefusedKind,
} from './policy';
export {
  GuardedRequestError,
  type GuardedRequestOptions,
  type GuardedResponse,
  guardedRequest,
  MAX_CONNECT_TIMEOUT_MS,
} from './request';
export { hostOf, OutboundTargetError, type OutboundTargetErrorCode, parseTargetUrl } from './url';
