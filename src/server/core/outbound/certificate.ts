import { createSecureContext, getCACertificates, type PeerCertificate, type SecureContext } from 'node:tls';

/** What a check reports about the certificate a site presented (on the connection it actually used). */
export type CertificateInfo = {
  /** The host the certificate was presented for (SNI name, or the IP when there was none). */
  host: string;
  validFrom: string;
  /** Expiry, ISO 8601. */
  validTo: string;
  /** Readable issuer: "Let's Encrypt (R11)". */
  issuer: string;
  /** Readable subject: the common name, else the first DNS name. */
  subject: string;
  /** SHA-256 fingerprint: tells a renewed certificate from the old one even with equal dates. */
  fingerprint256: string;
};

type NameField = string | string[] | undefined;
const first = (value: NameField) => (Array.isArray(value) ? value[0] : value)?.trim() || undefined;

export function toCertificateInfo(
  cert: PeerCertificate | null | undefined,
  host: string,
): CertificateInfo | null {
  if (!cert?.valid_to) return null; // getPeerCertificate() answers {} when there is none
  const validTo = new Date(cert.valid_to);
  const validFrom = new Date(cert.valid_from);
  if (Number.isNaN(validTo.getTime())) return null;
  const issuerOrg = first(cert.issuer?.O as NameField);
  const issuerCn = first(cert.issuer?.CN as NameField);
  const issuer =
    issuerOrg && issuerCn && issuerOrg !== issuerCn ? `${issuerOrg} (${issuerCn})` : (issuerOrg ?? issuerCn);
  const dnsName = /DNS:([^,\s]+)/.exec(cert.subjectaltname ?? '')?.[1];
  return {
    host,
    validFrom: Number.isNaN(validFrom.getTime()) ? validTo.toISOString() : validFrom.toISOString(),
    validTo: validTo.toISOString(),
    issuer: issuer ?? 'unknown issuer',
    subject: first(cert.subject?.CN as NameField) ?? dnsName ?? first(cert.subject?.O as NameField) ?? host,
    fingerprint256: cert.fingerprint256 ?? '',
  };
}

/** Of several certificates (one per https hop), the one that expires first: it is what breaks first. */
export function soonestExpiring(certificates: readonly CertificateInfo[]): CertificateInfo | undefined {
  let soonest: CertificateInfo | undefined;
  for (const cert of certificates) if (!soonest || cert.validTo < soonest.validTo) soonest = cert;
  return soonest;
}

/**
 * One TLS context per trust set, built once: a context per connection would parse Node's ~150 root
 * certificates on every check. Without `ca` this is Node's default store, which already includes
 * NODE_EXTRA_CA_CERTS; `ca` adds certificates to that store (tests, a private CA), never replaces it.
 */
const contexts = new Map<string, SecureContext>();

export function secureContextFor(ca?: string | readonly string[]): SecureContext {
  const extra = ca === undefined ? [] : typeof ca === 'string' ? [ca] : [...ca];
  const key = extra.join('\n');
  let context = contexts.get(key);
  if (!context) {
    context = extra.length
      ? createSecureContext({ ca: [...getCACertificates('default'), ...extra] })
      : createSecureContext({});
    contexts.set(key, context);
  }
  return context;
}

/** Human text for the certificate failures a check reports; `code` is OpenSSL's or Node's. */
export function certificateError(code: string | undefined, host: string): string {
  switch (code) {
    case 'CERT_HAS_EXPIRED':
      return 'Certificate expired';
    case 'CERT_NOT_YET_VALID':
      return 'Certificate not yet valid';
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
      return 'Self-signed certificate (not trusted)';
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'UNABLE_TO_GET_ISSUER_CERT':
    case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY':
      return 'Certificate not trusted (unknown issuer or incomplete chain)';
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
    case 'Hostname/IP does not match certificate':
      return `Certificate does not match ${host}`;
    case 'CERT_REVOKED':
      return 'Certificate revoked';
    default:
      return `Certificate not valid${code && /^[A-Z_]+$/.test(code) ? ` (${code})` : ''}`;
  }
}
