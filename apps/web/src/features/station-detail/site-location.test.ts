import { describe, expect, it } from 'vitest';
import { provinceNamesOf, siteLocationText } from './site-location.ts';

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
