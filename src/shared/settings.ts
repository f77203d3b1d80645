import { z } from 'zod';

/** Logos are small images; 512 KB is plenty for a report header and keeps the JSON body under 1 MiB. */
export const LOGO_MAX_BYTES = 512 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const LOGO_TYPE_INVALID = 'The logo must be a PNG, JPEG or WebP image.';
export const LOGO_TOO_LARGE = 'The logo must be at most 512 KB.';
/** Widest and tallest logo accepted: a larger one costs more to decode than a report header is worth. */
export const LOGO_MAX_SIDE = 2000;
const maxSide = LOGO_MAX_SIDE.toLocaleString('en');
export const logoTooManyPixels = (width: number, height: number) =>
  `The logo is ${width} × ${height} px; use an image of at most ${maxSide} × ${maxSide} px.`;
export const LOGO_UNREADABLE =
  'The logo could not be read as an image: save it again as PNG, JPEG or WebP and upload that file.';
export const TIME_ZONE_INVALID = 'Choose a time zone from the list (an IANA name such as Europe/London)';

/** An IANA time zone this runtime knows (browsers and Node share the same database). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value.length > 0;
  } catch {
    return false;
  }
}

export const timeZone = z.string().trim().max(64, TIME_ZONE_INVALID).refine(isTimeZone, TIME_ZONE_INVALID);

/**
 * How new critical or high vulnerabilities reach the alert channels: each as it is found, or all of a
 * day's in one digest per client.
 */
export const SECURITY_ALERT_MODES = ['immediate', 'digest'] as const;
export type SecurityAlertMode = (typeof SECURITY_ALERT_MODES)[number];
export const SECURITY_ALERT_MODE_INVALID =
  'Choose how security alerts are sent: "immediate" (each as it is found) or "digest" (one a day)';
export const securityAlertMode = z.enum(SECURITY_ALERT_MODES, { error: SECURITY_ALERT_MODE_INVALID });

export const agencySettings = z.object({
  name: z.string(),
  /** Daily figures and report periods are counted in this zone. */
  timeZone: z.string(),
  logo: z.object({ url: z.string(), contentType: z.enum(LOGO_TYPES), updatedAt: z.string() }).nullable(),
  securityAlerts: securityAlertMode,
});
export type AgencySettings = z.infer<typeof agencySettings>;

export const updateAgencyRequest = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, 'Enter the name of your agency')
    .max(100, 'The name must be at most 100 characters'),
  timeZone,
  /** Left as it is when absent. */
  securityAlerts: securityAlertMode.optional(),
});
export type UpdateAgencyRequest = z.infer<typeof updateAgencyRequest>;

/** The image itself, base64-encoded: the API speaks JSON only (its CSRF defence). */
export const uploadLogoRequest = z.strictObject({
  data: z
    .string()
    .min(1, 'Choose an image file')
    .max(Math.ceil(LOGO_MAX_BYTES / 3) * 4 + 4, LOGO_TOO_LARGE)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'The image must be base64-encoded'),
});
export type UploadLogoRequest = z.infer<typeof uploadLogoRequest>;
