import type { IntegrationView } from '@shared/integrations';
import { describe, expect, it } from 'vitest';
import { integrationStatus } from './status';

const view = (over: Partial<IntegrationView> = {}): IntegrationView => ({
  provider: 'gridpane',
  name: 'GridPane',
  enabled: true,
  configured: true,
  tokenSet: true,
  tokenHint: '…abcd',
  baseUrl: null,
  allowRestores: false,
  allowUpdates: false,
  companyId: null,
  urlTemplate: null,
  lastSyncAt: '2025-06-01T10:00:00.000Z',
  lastError: null,
  lastErrorAt: null,
  callCount: 3,
  errorCount: 0,
  ...over,
});

describe('integrationStatus', () => {
  it('says "Not connected" for integrations the server does not know', () => {
    expect(integrationStatus(undefined, false)).toBe('unavailable');
  });
  it('is pending while a toggle runs', () => {
    expect(integrationStatus(view(), true)).toBe('pending');
  });
  it('is connected when enabled and configured, else disconnected', () => {
    expect(integrationStatus(view(), false)).toBe('connected');
    expect(integrationStatus(view({ enabled: false }), false)).toBe('disconnected');
    expect(integrationStatus(view({ configured: false }), false)).toBe('disconnected');
  });
  it('is an error only when the failure came after the last successful sync', () => {
    const failed = { lastError: 'GridPane did not answer', lastErrorAt: '2025-06-01T11:00:00.000Z' };
    expect(integrationStatus(view(failed), false)).toBe('error');
    expect(integrationStatus(view({ ...failed, lastSyncAt: '2025-06-01T12:00:00.000Z' }), false)).toBe(
      'connected',
    );
    expect(integrationStatus(view({ ...failed, lastSyncAt: null }), false)).toBe('error');
  });
});
