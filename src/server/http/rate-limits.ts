/**
 * Requests per address for the public routes that mail a link or take a one-time token (password
 * reset, first setup, an invitation): enough for a person retrying, too few to mine tokens or spam mail.
 */
export const sensitiveLimit = { max: 10, timeWindow: '15 minutes' };
