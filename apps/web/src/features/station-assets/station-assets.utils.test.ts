import { ZChannel } from '@masthub/shared';
import { ATTACHMENT_MAX_BYTES } from '@masthub/shared/constants.ts';
import { describe, expect, it } from 'vitest';
import {
  attachmentProblem,
  byEffectiveDate,
  cleanChannel,
  configInForceAt,
  emptyChannel,
  sortChannels,
} from './station-assets.utils.ts';

describe('attachmentProblem(fileName, size)', () => {
  it('accepts .docx/.pdf/.xls/.xlsx up to 200 MB, whatever the case of the extension', () => {
    expect(attachmentProblem('report.PDF', 1000)).toBeUndefined();
    expect(attachmentProblem('站点资料.xlsx', ATTACHMENT_MAX_BYTES)).toBeUndefined();
  });

  it('refuses other types, larger files and empty files', () => {
    expect(attachmentProblem('data.csv', 10)).toBe('type');
    expect(attachmentProblem('noextension', 10)).toBe('type');
    expect(attachmentProblem('big.pdf', ATTACHMENT_MAX_BYTES + 1)).toBe('size');
    expect(attachmentProblem('empty.docx', 0)).toBe('empty');
  });
});

describe('configInForceAt(configs, at)', () => {
  const configs = [
    { id: 2, effectiveFrom: '2025-06-01T00:00:00.000Z' },
    { id: 1, effectiveFrom: '2024-01-01T00:00:00.000Z' },
    { id: 3, effectiveFrom: '2027-01-01T00:00:00.000Z' },
  ];

  it('is the latest configuration that started at or before the instant', () => {
    expect(configInForceAt(configs, new Date('2026-01-01T00:00:00Z'))?.id).toBe(2);
    expect(configInForceAt(configs, new Date('2025-06-01T00:00:00Z'))?.id).toBe(2);
    expect(configInForceAt(configs, new Date('2025-05-31T23:59:59Z'))?.id).toBe(1);
    expect(configInForceAt(configs, new Date('2030-01-01T00:00:00Z'))?.id).toBe(3);
  });

  it('is undefined before the first configuration', () => {
    expect(configInForceAt(configs, new Date('2023-12-31T00:00:00Z'))).toBeUndefined();
    expect(configInForceAt([], new Date())).toBeUndefined();
  });

  it('orders configurations oldest first', () => {
    expect(byEffectiveDate(configs).map((c) => c.id)).toEqual([1, 2, 3]);
  });
});

describe('channels', () => {
  it('cleans a form row into a body ZChannel accepts', () => {
    const channel = cleanChannel({ channelName: ' WS_80N ', dataKey: 'ws_80n', heightM: 80, tag: undefined });
    expect(channel).toMatchObject({
      channelName: 'WS_80N',
      element: 'ws',
      statistic: 'mean',
      tag: '',
      heightM: 80,
    });
    expect(ZChannel.safeParse(channel).success).toBe(true);
    expect(ZChannel.safeParse(emptyChannel()).success).toBe(false);
  });

  it('lists channels from the top of the mast down', () => {
    const channels = [
      { channelName: 'T', heightM: null },
      { channelName: 'WS_40', heightM: 40 },
      { channelName: 'WD_80', heightM: 80 },
      { channelName: 'WS_80', heightM: 80 },
    ];
    expect(sortChannels(channels).map((c) => c.channelName)).toEqual(['WD_80', 'WS_80', 'WS_40', 'T']);
  });
});
