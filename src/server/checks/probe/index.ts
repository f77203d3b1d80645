/**
 * The check layer under the checks area: one HTTP(S) probe and what counts as up. Pure modules with no
 * database and no routes; the service and the job engine build on these. The transport, the outbound
 * address rule and certificate reading live in core/outbound.
 */
export { type KeywordMode, keywordProblem, MAX_KEYWORD_BYTES } from './content';
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
  DEFAULT_EXPECTED_STATUS,
  describeExpected,
  matchesStatus,
  type ParsedStatus,
  parseExpectedStatus,
  type StatusRange,
} from './status';
