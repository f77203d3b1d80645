/**
 * GridPane's two throttles as the provider notes describe them: a per-endpoint budget (12 units, a list
 * page costs 2) and an account-wide total, both over fixed windows. A 429 consumes nothing and carries
 * `retry-after-endpoint` + `x-ratelimit-endpoint-reset`, never `retry-after`.
 */
export type LimitSettings = {
  endpointLimit: number;
  listPageCost: number;
  windowSeconds: number;
  totalLimit: number;
};

type Window = { start: number; used: number };
export type LimitDecision = { ok: boolean; headers: Record<string, string> };

export function createLimiter(initial: LimitSettings, now: () => number = Date.now) {
  let settings = initial;
  const endpoints = new Map<string, Window>();
  let total: Window = { start: now(), used: 0 };

  const current = (w: Window | undefined, at: number): Window =>
    w && at < w.start + settings.windowSeconds * 1000 ? w : { start: at, used: 0 };

  return {
    get settings() {
      return settings;
    },
    update(next: Partial<LimitSettings>) {
      settings = { ...settings, ...next };
      endpoints.clear();
      total = { start: now(), used: 0 };
    },
    take(endpoint: string, isListPage: boolean): LimitDecision {
      const at = now();
      const cost = isListPage ? settings.listPageCost : 1;
      const window = current(endpoints.get(endpoint), at);
      endpoints.set(endpoint, window);
      total = current(total, at);
      const endpointOk = window.used + cost <= settings.endpointLimit;
      const totalOk = total.used + 1 <= settings.totalLimit;
      if (endpointOk && totalOk) {
        window.used += cost;
        total.used += 1;
      }
      const headers: Record<string, string> = {
        'x-ratelimit-endpoint-limit': String(settings.endpointLimit),
        'x-ratelimit-endpoint-remaining': String(Math.max(0, settings.endpointLimit - window.used)),
        'x-ratelimit-total-limit': String(settings.totalLimit),
        'x-ratelimit-total-remaining': String(Math.max(0, settings.totalLimit - total.used)),
      };
      if (endpointOk && totalOk) return { ok: true, headers };
      const resetAt = endpointOk ? total.start : window.start;
      return {
        ok: false,
        headers: { ...headers, ...cooldownHeaders(resetAt + settings.windowSeconds * 1000, at) },
      };
    },
  };
}

export function cooldownHeaders(resetAtMs: number, nowMs: number): Record<string, string> {
  return {
    'retry-after-endpoint': String(Math.max(1, Math.ceil((resetAtMs - nowMs) / 1000))),
    'x-ratelimit-endpoint-reset': String(Math.ceil(resetAtMs / 1000)),
  };
}

export type Limiter = ReturnType<typeof createLimiter>;
