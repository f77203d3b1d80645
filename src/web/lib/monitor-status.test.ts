import { CheckCircle2, HelpCircle, PauseCircle, Wrench, XCircle } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { monitorStatusStyle } from './monitor-status';

describe('monitorStatusStyle', () => {
  it('colours up green, down red, paused grey and maintenance amber, each with its icon', () => {
    expect(monitorStatusStyle('up')).toMatchObject({ label: 'Up', icon: CheckCircle2 });
    expect(monitorStatusStyle('up').className).toContain('emerald');
    expect(monitorStatusStyle('down')).toMatchObject({ label: 'Down', icon: XCircle });
    expect(monitorStatusStyle('down').className).toContain('red');
    expect(monitorStatusStyle('paused')).toMatchObject({ label: 'Paused', icon: PauseCircle });
    expect(monitorStatusStyle('paused').className).toContain('slate');
    expect(monitorStatusStyle('maintenance')).toMatchObject({ label: 'Maintenance', icon: Wrench });
    expect(monitorStatusStyle('maintenance').className).toContain('amber');
  });
  it('labels pending and validating, not in green or red', () => {
    expect(monitorStatusStyle('pending').label).toBe('Pending');
    expect(monitorStatusStyle('validating').label).toBe('Validating');
    expect(monitorStatusStyle('pending').className).not.toMatch(/emerald|red/);
  });
  it('shows anything else or nothing as a grey Unknown', () => {
    for (const status of ['unknown', 'weird', '', null, undefined, 'constructor']) {
      expect(monitorStatusStyle(status)).toMatchObject({ label: 'Unknown', icon: HelpCircle });
      expect(monitorStatusStyle(status).className).toContain('slate');
    }
  });
  it('reads statuses in any case', () => {
    expect(monitorStatusStyle('DOWN').label).toBe('Down');
  });
});
