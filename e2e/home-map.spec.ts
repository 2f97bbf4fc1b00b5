import type { Map as MapLibreMap } from 'maplibre-gl';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, logIn, newContext, screenshot } from './support/browser.ts';

declare global {
  interface Window {
    /** Exposed by the home map (apps/web HomeMap.tsx). */
    __masthubMap?: MapLibreMap;
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
    const point = await page.evaluate(() => {
      const map = window.__masthubMap;
      const feature = map?.queryRenderedFeatures({ layers: ['site'] })[0];
      if (!map || !feature || feature.geometry.type !== 'Point') return null;
      const p = map.project(feature.geometry.coordinates as [number, number]);
      return { x: p.x, y: p.y, code: String(feature.properties['code']) };
    });
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
