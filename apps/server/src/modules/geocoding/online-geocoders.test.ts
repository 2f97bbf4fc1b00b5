import { describe, expect, it } from 'vitest';
import { AmapGeocoder, createOnlineGeocoder, gcj02ToWgs84, TiandituGeocoder } from './online-geocoders.ts';

describe('createOnlineGeocoder', () => {
  it('is not configured by default and disabled without a key, never calling out', () => {
    const never = async () => {
      throw new Error('no network in tests');
    };
    expect(createOnlineGeocoder('none', 'k', never)).toEqual({
      geocoder: null,
      status: { name: 'online', enabled: false, reason: 'notConfigured' },
    });
    expect(createOnlineGeocoder('amap', undefined, never)).toEqual({
      geocoder: null,
      status: { name: 'amap', enabled: false, reason: 'missingKey' },
    });
    expect(createOnlineGeocoder('tianditu', 'key', never).status).toEqual({
      name: 'tianditu',
      enabled: true,
    });
  });
});

describe('provider answers (injected fetch)', () => {
  it('reads Tianditu POIs with the key in the URL', async () => {
    const urls: string[] = [];
    const geocoder = new TiandituGeocoder('secret', async (url) => {
      urls.push(url);
      return {
        pois: [
          { name: '天安门', lonlat: '116.397,39.909' },
          { name: 'bad', lonlat: 'x' },
        ],
      };
    });
    expect(await geocoder.searchPois('天安门', 5)).toEqual([
      { kind: 'poi', name: '天安门', source: 'tianditu', longitude: 116.397, latitude: 39.909 },
    ]);
    expect(urls[0]).toContain('tk=secret');
  });

  it('converts AMap GCJ-02 to WGS84 (a few hundred metres in China)', async () => {
    const geocoder = new AmapGeocoder('k', async () => ({
      districts: [{ name: '北京市', adcode: '110000', center: '116.407387,39.904179' }],
    }));
    const [area] = await geocoder.searchAreas('北京', 5);
    expect(area).toMatchObject({ kind: 'region', code: '110000', source: 'amap' });
    expect(area!.longitude).toBeCloseTo(116.4011, 3);
    expect(area!.latitude).toBeCloseTo(39.9028, 3);
  });

  it('leaves points outside China unchanged', () => {
    expect(gcj02ToWgs84(2.35, 48.85)).toEqual([2.35, 48.85]);
  });
});
