import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_DATA, WEBHOOK_EVENT_KINDS, zWebhookBody } from './webhook-events.schema.ts';
import { ZWebhookCreateRequest } from './webhooks.schema.ts';

describe('webhook schemas', () => {
  it('accepts an http(s) URL with events and refuses other schemes, credentials and no events', () => {
    const ok = ZWebhookCreateRequest.safeParse({
      name: ' feed ',
      url: 'https://example.com/hook',
      events: ['alarm.opened', 'file.failed'],
    });
    expect(ok.success && ok.data).toMatchObject({ name: 'feed', isEnabled: true });
    for (const body of [
      { name: 'a', url: 'ftp://example.com/', events: ['alarm.opened'] },
      { name: 'a', url: 'https://u:p@example.com/', events: ['alarm.opened'] },
      { name: 'a', url: 'not a url', events: ['alarm.opened'] },
      { name: 'a', url: 'https://example.com/', events: [] },
      { name: 'a', url: 'https://example.com/', events: ['alarm.opened', 'alarm.opened'] },
      { name: 'a', url: 'https://example.com/', events: ['nothing.happened'] },
      { name: '', url: 'https://example.com/', events: ['alarm.opened'] },
    ]) {
      expect(ZWebhookCreateRequest.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });

  it('has one data schema per event kind and a versioned envelope', () => {
    for (const kind of WEBHOOK_EVENT_KINDS) expect(WEBHOOK_EVENT_DATA[kind]).toBeDefined();
    const body = {
      id: 'e1',
      schemaVersion: 1,
      kind: 'apply.decided',
      occurredAt: '2026-01-01T00:00:00.000Z',
      stations: [{ id: 1, stationCode: '900001', projectName: 'x' }],
      data: { applicationId: 3, decision: 'approved', applicantName: '张伟' },
    };
    expect(zWebhookBody('apply.decided').safeParse(body).success).toBe(true);
    expect(zWebhookBody('apply.decided').safeParse({ ...body, schemaVersion: 2 }).success).toBe(false);
    expect(zWebhookBody('report.ready').safeParse(body).success).toBe(false);
  });
});
