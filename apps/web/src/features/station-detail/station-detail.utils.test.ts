import { ZChannel } from '@masthub/shared';
import { ATTACHMENT_MAX_BYTES } from '@masthub/shared/constants.ts';
import { describe, expect, it } from 'vitest';
import {
  attachmentProblem,
  byEffectiveDate,
  cleanChannel,
  configInForceAt,
  emptyChannel,
  formatBytes,
  provinceNamesOf,
  siteLocationText,
  sortChannels,
} from './station-detail.utils.ts';

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

  it('formats sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(200 * 1024 * 1024)).toBe('200 MB');
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

describe('siteLocationText(province, location, provinceNames)', () => {
  it('shows the province once when the location already starts with it', () => {
    expect(siteLocationText('河北省', '河北省张家口市 12号测风塔')).toBe('河北省张家口市 12号测风塔');
    expect(siteLocationText('内蒙古自治区', '内蒙古锡林郭勒盟 3号测风塔')).toBe('内蒙古锡林郭勒盟 3号测风塔');
  });

  it('in English, a location starting with the Chinese name is not preceded by the English one', () => {
    const names = provinceNamesOf('130700', [
      { code: '110000', name: '北京市', nameEn: 'Beijing' },
      { code: '130000', name: '河北省', nameEn: 'Hebei' },
    ]);
    expect(names).toEqual(['河北省', 'Hebei']);
    expect(siteLocationText('Hebei', '河北省张家口市 12号测风塔', names)).toBe('河北省张家口市 12号测风塔');
    expect(siteLocationText('Hebei', 'hebei, Zhangjiakou', names)).toBe('hebei, Zhangjiakou');
  });

  it('puts the province first when the location does not name it, and shows whichever is given alone', () => {
    expect(siteLocationText('河北省', '张家口市尚义县')).toBe('河北省 张家口市尚义县');
    expect(siteLocationText('Hebei', 'Zhangjiakou', ['河北省', 'Hebei'])).toBe('Hebei Zhangjiakou');
    expect(siteLocationText(null, '张家口市')).toBe('张家口市');
    expect(siteLocationText('河北省', '')).toBe('河北省');
    expect(siteLocationText(null, null)).toBe('');
  });
});
