import { vi } from 'vitest';

/** jsdom has no ResizeObserver; components that measure themselves (Radix checkboxes) need one that does nothing. */
export function stubResizeObserver(): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
