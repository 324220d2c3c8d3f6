import { describe, expect, it } from 'vitest';
import { ContributionRegistry } from '../contributions/ContributionRegistry';
import { createLogger } from '../logger/createLogger';
import { AlertCenter } from './AlertCenter';

function center() {
  const contributions = new ContributionRegistry();
  contributions.add('core', {
    alerts: [
      { id: 'network-not-found', title: 'Network Not Found', message: 'Pick a supported network.', severity: 'error' },
      { id: 'session-expired', title: 'Session Expired', message: 'Check your time settings.', severity: 'warning' },
    ],
  });
  const warnings: string[] = [];
  const alerts = new AlertCenter(contributions, createLogger('warn', (_level, message) => warnings.push(message)));
  return { alerts, contributions, warnings };
}

describe('AlertCenter', () => {
  it('raises a contributed alert by id, once, with details', () => {
    const { alerts } = center();
    expect(alerts.raise('network-not-found', 'eip155:999')).toBe(true);
    expect(alerts.raise('network-not-found', 'eip155:998')).toBe(true);
    expect(alerts.getSnapshot()).toEqual([
      { id: 'network-not-found', title: 'Network Not Found', message: 'Pick a supported network.', severity: 'error', pluginId: 'core', details: 'eip155:998' },
    ]);
  });

  it('logs and ignores an id nobody contributes', () => {
    const { alerts, warnings } = center();
    expect(alerts.raise('made-up')).toBe(false);
    expect(alerts.getSnapshot()).toEqual([]);
    expect(warnings[0]).toContain('Alert "made-up" is not contributed');
  });

  it('dismisses one and clears all', () => {
    const { alerts } = center();
    alerts.raise('network-not-found');
    alerts.raise('session-expired');
    alerts.dismiss('network-not-found');
    expect(alerts.getSnapshot().map((a) => a.id)).toEqual(['session-expired']);
    alerts.clear();
    expect(alerts.getSnapshot()).toEqual([]);
  });

  it('cannot raise an alert whose plugin was withdrawn', () => {
    const { alerts, contributions } = center();
    contributions.remove('core');
    expect(alerts.raise('session-expired')).toBe(false);
  });
});
