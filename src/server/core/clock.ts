/** Time, injectable so tests can move it (session expiry, throttle windows, reset tokens). */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
