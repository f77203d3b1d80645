/**
 * The check layer under the checks area: one HTTP(S) probe, the SSRF guard, certificate reading.
 * Pure modules with no database and no routes; the service and the job engine build on these.
 */
export { type AddressKind, classifyAddress } from './address';
export { type CertificateInfo, soonestExpiring } from './certificate';
export { type KeywordMode, keywordProblem, MAX_KEYWORD_BYTES } from './content';
export { clearDnsCache, type Resolver } from './dns';
export { ProbeError, type ProbeErrorCode } from './errors';
export {
  type AddressPolicy,
  ALLOW_PRIVATE_HINT,
  type AssertOptions,
  assertPublicUrl,
  CheckTargetError,
  type CheckTargetErrorCode,
} from './guard';
export {
  BODY_CAP_BYTES,
  DEFAULT_TIMEOUT_MS,
  MAX_REDIRECTS,
  MAX_TIMEOUT_MS,
  type ProbeFailureCode,
  type ProbeOptions,
  type ProbeResult,
  type ProbeTarget,
  probeHttp,
  USER_AGENT,
} from './probe';
export {
  GuardedRequestError,
  type GuardedRequestOptions,
  type GuardedResponse,
  guardedRequest,
  MAX_CONNECT_TIMEOUT_MS,
} from './request';
export {
  DEFAULT_EXPECTED_STATUS,
  describeExpected,
  matchesStatus,
  type ParsedStatus,
  parseExpectedStatus,
  type StatusRange,
} from './status';
