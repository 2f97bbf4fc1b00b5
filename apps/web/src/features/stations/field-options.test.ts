import type { TDeviceTypeNode, TRegion } from '@masthub/shared';
import { describe, expect, it } from 'vitest';
import { toCascaderOptions, toRegionTree } from './field-options.ts';

describe('field options', () => {
  it('builds the region tree in the current language', () => {
    const regions: TRegion[] = [
      {
        code: '130000',
        name: '河北省',
        nameEn: 'Hebei',
        level: 'province',
        bbox: [0, 0, 1, 1],
        children: [
          {
            code: '130700',
            name: '张家口市',
            nameEn: 'Zhangjiakou',
            level: 'city',
            bbox: [0, 0, 1, 1],
            children: [],
          },
        ],
      },
    ];
    expect(toRegionTree(regions, 'zh-CN')).toEqual([
      { value: '130000', title: '河北省', children: [{ value: '130700', title: '张家口市' }] },
    ]);
    expect(toRegionTree(regions, 'en-US')[0]?.title).toBe('Hebei');
  });

  it('builds device type → manufacturer options', () => {
    const types = [
      {
        id: 1,
        name: '数据采集器',
        stationCount: 0,
        createTime: '',
        children: [
          { id: 11, name: 'NRG', model: 'SymphoniePRO' },
          { id: 12, name: 'Kintech', model: '' },
        ],
      },
    ] as unknown as TDeviceTypeNode[];
    expect(toCascaderOptions(types)).toEqual([
      {
        value: 1,
        label: '数据采集器',
        children: [
          { value: 11, label: 'NRG SymphoniePRO' },
          { value: 12, label: 'Kintech' },
        ],
      },
    ]);
  });
});
