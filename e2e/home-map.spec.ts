import type { Map as MapLibreMap } from 'maplibre-gl';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, logIn, newContext, screenshot } from './support/browser.ts';

declare global {
  interface Window {
    /** Exposed by the home map (apps/web HomeMap.tsx). */
    __masthubMap?: MapLibreMap;
    /** Exposed by the station picker's map view (apps/web PickerMap.tsx). */
    __masthubPickerMap?: MapLibreMap;
  }
}

/** Map animations and data loads finish well within this on loopback. */
const POLL = { timeout: 15_000 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

interface MapView {
  lng: number;
  lat: number;
  zoom: number;
  isMoving: boolean;
}

function mapView(page: Page): Promise<MapView | null> {
  return page.evaluate(() => {
    const map = window.__masthubMap;
    if (!map) return null;
    const c = map.getCenter();
    return { lng: c.lng, lat: c.lat, zoom: map.getZoom(), isMoving: map.isMoving() };
  });
}

async function waitForIdle(page: Page): Promise<MapView> {
  await expect.poll(async () => (await mapView(page))?.isMoving, POLL).toBe(false);
  const view = await mapView(page);
  if (!view) throw new Error('no map');
  return view;
}

/** Pixels of the WebGL canvas by colour: how many are sea, province fill, and anything else. */
function canvasColours(page: Page): Promise<{ sea: number; province: number; other: number; total: number }> {
  return page.evaluate(() => {
    const source = document.querySelector<HTMLCanvasElement>('[data-testid="home-map"] canvas');
    if (!source) return { sea: 0, province: 0, other: 0, total: 0 };
    const copy = document.createElement('canvas');
    copy.width = source.width;
    copy.height = source.height;
    const ctx = copy.getContext('2d');
    if (!ctx) return { sea: 0, province: 0, other: 0, total: 0 };
    ctx.drawImage(source, 0, 0);
    const { data } = ctx.getImageData(0, 0, copy.width, copy.height);
    const near = (i: number, r: number, g: number, b: number) =>
      Math.abs((data[i] ?? 0) - r) + Math.abs((data[i + 1] ?? 0) - g) + Math.abs((data[i + 2] ?? 0) - b) < 6;
    let sea = 0;
    let province = 0;
    let other = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (near(i, 0xdd, 0xe8, 0xf0)) sea++;
      else if (near(i, 0xfb, 0xfa, 0xf6)) province++;
      else other++;
    }
    return { sea, province, other, total: data.length / 4 };
  });
}

function clusterCounts(page: Page): Promise<number[]> {
  return page
    .locator('[data-testid="map-cluster"]')
    .evaluateAll((nodes) => nodes.map((n) => Number((n as HTMLElement).dataset.count)));
}

describe('[MAP]', () => {
  it('[MAP]: the map renders (canvas pixels differ from the background), clusters split when zooming, locate by DMS and by GK moves the view, clicking a site opens its panel', async () => {
    const page = await (await newContext(browser, 'zh-CN')).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') console.log('[console]', m.text());
    });
    await logIn(page, 'admin', inject('adminPassword'));
    await page.locator('[data-testid="home-map"] canvas').waitFor();
    await page.getByText(/共 \d+ 个站点/).waitFor();

    // The offline base map: sea, China's provinces and more (land, outlines, sites) are drawn.
    await expect
      .poll(async () => {
        const c = await canvasColours(page);
        return c.province > c.total * 0.05 && c.sea > c.total * 0.05 && c.other > c.total * 0.05;
      }, POLL)
      .toBe(true);
    const initial = await waitForIdle(page);
    expect(initial.zoom).toBeLessThan(5);
    await screenshot(page, 'home-map-initial');
    expect(await page.getByTestId('offline-base-note').count()).toBe(0);

    // Zoomed far in without online tiles the bundled base still draws (province fill, not an empty
    // canvas), and the map says what the offline base holds and that online tiles are optional.
    await page.evaluate(() => window.__masthubMap?.jumpTo({ center: [100.43, 25.69], zoom: 12 }));
    await waitForIdle(page);
    await expect.poll(async () => (await canvasColours(page)).province, POLL).toBeGreaterThan(1000);
    await page.getByTestId('offline-base-note').waitFor();
    expect(await page.getByTestId('offline-base-note').textContent()).toContain('MAP_TILE_URL');
    await screenshot(page, 'home-map-offline-zoom-12');
    await page.evaluate(
      (view) => window.__masthubMap?.jumpTo({ center: [view.lng, view.lat], zoom: view.zoom }),
      initial,
    );
    await waitForIdle(page);

    // Clusters: all 300 sites are in clusters or single at the first view; the largest splits when zooming in.
    await expect.poll(async () => (await clusterCounts(page)).length, POLL).toBeGreaterThan(0);
    const before = await clusterCounts(page);
    const largest = Math.max(...before);
    expect(largest).toBeGreaterThan(1);
    await page.locator(`[data-testid="map-cluster"][data-count="${largest}"]`).first().click();
    await expect.poll(async () => (await mapView(page))?.zoom ?? 0, POLL).toBeGreaterThan(initial.zoom + 0.5);
    await waitForIdle(page);
    await expect
      .poll(async () => {
        const after = await clusterCounts(page);
        return after.length === 0 || Math.max(...after) < largest;
      }, POLL)
      .toBe(true);
    await screenshot(page, 'home-map-zoomed');

    // Locate by degrees-minutes-seconds, after a refused minute value (SPEC §5).
    await page.getByRole('textbox', { name: '经度', exact: true }).fill(`114°42'30"E`);
    await page.getByRole('textbox', { name: '纬度', exact: true }).fill(`41°60'00"N`);
    await page.getByRole('button', { name: '定位', exact: true }).click();
    await page.getByText('分和秒须在 [0, 60) 范围内').waitFor();
    await page.getByRole('textbox', { name: '纬度', exact: true }).fill(`41°09'00"N`);
    await page.getByRole('button', { name: '定位', exact: true }).click();
    await page.getByText('已定位到 经度 114.708333，纬度 41.150000').waitFor();
    await expect.poll(async () => (await mapView(page))?.isMoving, POLL).toBe(false);
    const view = await waitForIdle(page);
    expect(view.lng).toBeCloseTo(114.708333, 4);
    expect(view.lat).toBeCloseTo(41.15, 4);
    expect(view.zoom).toBeGreaterThanOrEqual(10);
    expect(await page.locator('[data-testid="locate-marker"]').count()).toBe(1);
    await screenshot(page, 'home-map-locate-dms');

    // Locate by Gauss–Krüger 3° zone (WIND-ANALYSIS §10: zone 39 → 116°23'28.32"E 39°54'27"N).
    await page.getByText('高斯-克吕格 3° 带').click();
    await page.getByRole('textbox', { name: 'X（含带号）', exact: true }).fill('447941.964');
    await page.getByRole('textbox', { name: 'Y', exact: true }).fill('4419435.848');
    await page.getByRole('button', { name: '定位', exact: true }).click();
    await page.getByText('X 的整数部分须为 8 位（含 3° 带号）').waitFor();
    await page.getByRole('textbox', { name: 'X（含带号）', exact: true }).fill('39447941.964');
    await page.getByRole('button', { name: '定位', exact: true }).click();
    await page.getByText('已定位到 经度 116.391200，纬度 39.907500').waitFor();
    await expect
      .poll(async () => {
        const v = await mapView(page);
        return !!v && !v.isMoving && Math.abs(v.lng - 116.3912) < 1e-4 && Math.abs(v.lat - 39.9075) < 1e-4;
      }, POLL)
      .toBe(true);
    await screenshot(page, 'home-map-locate-gk');

    // Locate by administrative area (GET /web/common/regions): the view fits Hebei.
    await page.getByRole('combobox', { name: '行政区' }).click();
    await page.locator('.ant-cascader-menu-item', { hasText: /^河北/ }).first().click();
    await expect
      .poll(async () => {
        const v = await mapView(page);
        return !!v && !v.isMoving && v.lng > 113 && v.lng < 120 && v.lat > 36 && v.lat < 43 && v.zoom < 9;
      }, POLL)
      .toBe(true);
    await screenshot(page, 'home-map-locate-region');

    // A site: no clustering (radius 0), the first drawn site is clicked and its panel opens.
    await page.evaluate(() => window.__masthubMap?.jumpTo({ center: [104.5, 36], zoom: 3.2 }));
    await waitForIdle(page);
    const slider = page.getByRole('slider', { name: '聚合半径' });
    await slider.focus();
    await page.keyboard.press('Home');
    await page.getByTestId('radius-value').getByText('不聚合').waitFor();
    await expect.poll(async () => (await clusterCounts(page)).length, POLL).toBe(0);
    // The single sites are drawn a frame or more after the clusters went: wait for a rendered one.
    const renderedSite = () =>
      page.evaluate(() => {
        const map = window.__masthubMap;
        const feature = map?.queryRenderedFeatures({ layers: ['site'] })[0];
        if (!map || !feature || feature.geometry.type !== 'Point') return null;
        const p = map.project(feature.geometry.coordinates as [number, number]);
        return { x: p.x, y: p.y, code: String(feature.properties['code']) };
      });
    await expect.poll(renderedSite, POLL).not.toBeNull();
    const point = await renderedSite();
    expect(point).not.toBeNull();
    if (!point) return;
    const box = await page.locator('[data-testid="home-map"]').boundingBox();
    if (!box) throw new Error('no map box');
    await page.mouse.click(box.x + point.x, box.y + point.y);
    const panel = page.getByTestId('site-panel');
    await panel.getByText('站点信息').waitFor();
    await panel.getByText('站点编号').waitFor();
    await expect
      .poll(() => panel.locator('.ant-descriptions-item-content').first().textContent(), POLL)
      .toMatch(/^\d{6}$/);
    const detail = panel.getByRole('link', { name: '查看站点详情' });
    expect(await detail.getAttribute('href')).toMatch(/^\/StationDetail\/StationInfo\?stationId=\d+$/);
    await screenshot(page, 'home-map-site-panel');
    await detail.click();
    await page.waitForURL(/\/StationDetail\/StationInfo\?stationId=\d+$/);
    expect(errors).toEqual([]);
  });
});

/** Rows of the e2e database (the demo register and its data). */
async function queryDb<T extends pg.QueryResultRow>(text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

function singleSites(page: Page): Promise<number> {
  return page.evaluate(() => window.__masthubMap?.queryRenderedFeatures({ layers: ['site'] }).length ?? 0);
}

async function siteCount(page: Page): Promise<number> {
  const text =
    (await page
      .getByText(/^共 \d+ 个站点$/)
      .first()
      .textContent()) ?? '';
  return Number(/\d+/.exec(text)?.[0] ?? Number.NaN);
}

describe('[MAP] site query, overview, rose charts and site distribution', () => {
  it('[MAP]: zooming turns clusters into single sites, the filter narrows the sites, the overview fits owners and opens sites, the rose charts draw, the distribution dialog picks on its map', async () => {
    const [withData] = await queryDb<{
      id: string;
      station_code: string;
      longitude: number;
      latitude: number;
    }>(
      `SELECT s.id, s.station_code, s.longitude, s.latitude FROM station s
       WHERE NOT s.is_deleted AND EXISTS (
         SELECT 1 FROM dataset_version v JOIN ts_version_summary t ON t.version_id = v.id
         WHERE v.station_id = s.id AND v.kind = 'original')
       ORDER BY s.id LIMIT 1`,
    );
    // Demo sites without data are "not monitored" (their status follows their data).
    const [notMonitored] = await queryDb<{ n: string }>(
      'SELECT count(*) AS n FROM station WHERE NOT is_deleted AND status = -1',
    );
    expect(withData).toBeDefined();
    if (!withData) return;
    const page = await (await newContext(browser, 'zh-CN')).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await logIn(page, 'admin', inject('adminPassword'));
    await page.locator('[data-testid="home-map"] canvas').waitFor();
    await expect.poll(() => siteCount(page), POLL).toBeGreaterThan(100);
    const total = await siteCount(page);
    await waitForIdle(page);

    // Clusters at the country view; zooming past the cluster zoom leaves single sites only.
    await expect.poll(async () => (await clusterCounts(page)).length, POLL).toBeGreaterThan(0);
    const countryClusters = await clusterCounts(page);
    await page.evaluate(([lng, lat]) => window.__masthubMap?.jumpTo({ center: [lng, lat], zoom: 8 }), [
      withData.longitude,
      withData.latitude,
    ] as const);
    await waitForIdle(page);
    await expect
      .poll(async () => (await clusterCounts(page)).join(','), POLL)
      .not.toBe(countryClusters.join(','));
    await page.evaluate(([lng, lat]) => window.__masthubMap?.jumpTo({ center: [lng, lat], zoom: 15 }), [
      withData.longitude,
      withData.latitude,
    ] as const);
    await waitForIdle(page);
    await expect.poll(() => singleSites(page), POLL).toBeGreaterThan(0);
    expect(await clusterCounts(page)).toEqual([]);
    await screenshot(page, 'home-map-singles');
    await page.evaluate(() => window.__masthubMap?.jumpTo({ center: [104.5, 36], zoom: 3.2 }));
    await waitForIdle(page);

    // The site query: status 未监测 narrows the map (and the overview) to the sites without data.
    const filter = page.getByTestId('site-filter');
    await filter.getByRole('combobox', { name: '站点状态' }).click();
    await page.locator('.ant-select-item-option', { hasText: /^未监测$/ }).click();
    await page.keyboard.press('Escape');
    await filter
      .getByRole('button', { name: '查 询' })
      .or(filter.getByRole('button', { name: '查询' }))
      .click();
    await expect.poll(() => siteCount(page), POLL).toBe(Number(notMonitored?.n));
    const overview = page.getByTestId('map-overview');
    await expect
      .poll(() => overview.getByTestId('overview-totals').textContent(), POLL)
      .toContain(`共 ${notMonitored?.n} 个站点`);
    await screenshot(page, 'home-map-filter-status');

    // Owner overview: clicking the first owner fits the map to its (not monitored) sites.
    const before = await waitForIdle(page);
    await overview.getByTestId('overview-item').first().click();
    await expect
      .poll(async () => {
        const v = await mapView(page);
        return (
          !!v && !v.isMoving && (Math.abs(v.zoom - before.zoom) > 0.2 || Math.abs(v.lng - before.lng) > 0.5)
        );
      }, POLL)
      .toBe(true);
    await screenshot(page, 'home-map-overview-owner');

    // Keywords = the code of a site with data: one site; the site overview opens its panel.
    await filter.getByRole('button', { name: /^重\s?置$/ }).click();
    await expect.poll(() => siteCount(page), POLL).toBe(total);
    await filter.getByRole('textbox', { name: '关键字' }).fill(withData.station_code);
    await filter.getByRole('textbox', { name: '关键字' }).press('Enter');
    await expect.poll(() => siteCount(page), POLL).toBe(1);
    await overview.getByText('站点', { exact: true }).click();
    await overview.getByTestId('overview-item').first().click();
    const panel = page.getByTestId('site-panel');
    await expect
      .poll(() => panel.locator('.ant-descriptions-item-content').first().textContent(), POLL)
      .toBe(withData.station_code);
    await expect
      .poll(async () => {
        const v = await mapView(page);
        return (
          !!v &&
          !v.isMoving &&
          Math.abs(v.lng - withData.longitude) < 1e-3 &&
          Math.abs(v.lat - withData.latitude) < 1e-3
        );
      }, POLL)
      .toBe(true);

    // Rose charts: the open tab draws on a canvas (or says there is no data), each tab loads its own.
    await panel.getByTestId('rose-tabs').waitFor();
    await expect
      .poll(
        async () =>
          await panel
            .locator('[data-testid="rose-chart-direction"] canvas, [data-testid="rose-empty"]')
            .count(),
        POLL,
      )
      .toBeGreaterThan(0);
    await panel.getByRole('tab', { name: '风速频率' }).click();
    await panel.locator('[data-testid="rose-chart-frequency"] canvas').first().waitFor();
    await panel.getByRole('tab', { name: '日平均风速' }).click();
    await panel.locator('[data-testid="rose-chart-daily"] canvas').first().waitFor();
    const box = await panel.locator('[data-testid="rose-chart-daily"] canvas').first().boundingBox();
    expect(box?.height ?? 0).toBeGreaterThan(100);
    await screenshot(page, 'home-map-rose');

    // Site distribution: the dialog's map view; clicking a point selects it, "go to site" opens it.
    await filter.getByRole('button', { name: /^重\s?置$/ }).click();
    await expect.poll(() => siteCount(page), POLL).toBe(total);
    await overview.getByRole('button', { name: '站点分布' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('picker-map').locator('canvas').waitFor();
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const map = window.__masthubPickerMap;
            return (
              !!map &&
              map.loaded() &&
              !map.isMoving() &&
              map.queryRenderedFeatures({ layers: ['site'] }).length > 0
            );
          }),
        POLL,
      )
      .toBe(true);
    const target = await page.evaluate(() => {
      const map = window.__masthubPickerMap;
      const feature = map?.queryRenderedFeatures({ layers: ['site'] })[0];
      if (!map || !feature || feature.geometry.type !== 'Point') return null;
      const p = map.project(feature.geometry.coordinates as [number, number]);
      return { x: p.x, y: p.y, code: String(feature.properties['code']) };
    });
    expect(target).not.toBeNull();
    if (!target) return;
    const mapBox = await dialog.getByTestId('picker-map').boundingBox();
    if (!mapBox) throw new Error('no picker map box');
    await page.mouse.click(mapBox.x + target.x, mapBox.y + target.y);
    await dialog
      .getByTestId('picker-selected')
      .getByText(/^已选：/)
      .waitFor();
    const picked = (await dialog.getByTestId('picker-selected').textContent()) ?? '';
    await screenshot(page, 'home-map-distribution');
    await dialog.getByText('列表', { exact: true }).click();
    await dialog.getByTestId('picker-table').locator('.ant-table-row').first().waitFor();
    expect(await dialog.getByTestId('picker-count').textContent()).toContain('已选 1 个');
    await dialog.getByRole('button', { name: '定位到站点' }).click();
    const code = /已选：(\d{6})/.exec(picked)?.[1];
    await expect
      .poll(() => panel.locator('.ant-descriptions-item-content').first().textContent(), POLL)
      .toBe(code);
    expect(errors).toEqual([]);
  });
});
