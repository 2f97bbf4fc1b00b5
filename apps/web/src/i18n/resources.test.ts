import { describe, expect, it } from 'vitest';
import { catalogueOf } from './resources.ts';

describe('catalogueOf', () => {
  it("puts each area file of a language under the file's name, so keys read area.section.phrase", () => {
    const catalogue = catalogueOf({
      '../../locales/zh-CN/home.json': { map: { title: '站点地图' } },
      '../../locales/zh-CN/menu.json': { home: '首页' },
    });
    expect(catalogue).toEqual({ home: { map: { title: '站点地图' } }, menu: { home: '首页' } });
  });
});
