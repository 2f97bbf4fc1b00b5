import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { wgs84ToUtm } from '../geo/wgs84-to-utm.ts';
import { createTimeGrid } from '../model/create-time-grid.ts';
import { hasWindio, WINDIO_DIR, windioValidator } from '../testing/windio-validator.ts';
import { observedWindClimate } from './observed-wind-climate.ts';
import { writeWaspOwc } from './write-wasp-owc.ts';
import { writeWindioResource } from './write-windio-resource.ts';

const text = (chunks: Iterable<Uint8Array>) => Buffer.concat([...chunks]).toString('utf8');

/**
 * A factory: `perSector` records in each of `sectors` sectors (a sector's records come from the directions
 * around its centre), speeds the Weibull quantiles of A = 6 + s/2, k = 1.8 + s/10 at (i + ½)/n, one record
 * every 10 min from 2016-01-09 07:30 UTC, every 7th record without a direction.
 */
function climateFactory(sectors: number, perSector: (s: number) => number) {
  const speeds: number[] = [];
  const directions: number[] = [];
  for (let s = 0; s < sectors; s++) {
    const n = perSector(s);
    for (let i = 0; i < n; i++) {
      const a = 6 + s / 2;
      const k = 1.8 + s / 10;
      speeds.push(a * (-Math.log(1 - (i + 0.5) / n)) ** (1 / k));
      directions.push((s * (360 / sectors) + ((i % 5) - 2) * (360 / sectors / 6) + 360) % 360);
    }
  }
  // Interleave the sectors as time goes on (a direction every record, some missing).
  const order = speeds.map((_, i) => i).sort((i, j) => ((i * 7919) % 1009) - ((j * 7919) % 1009) || i - j);
  const ws = Float32Array.from(order, (i) => speeds[i]!);
  const wd = Float32Array.from(order, (i, at) => (at % 7 === 6 ? Number.NaN : directions[i]!));
  const grid = createTimeGrid({
    startMs: Date.UTC(2016, 0, 9, 7, 30),
    intervalMinutes: 10,
    length: ws.length,
  });
  return { grid, ws, wd };
}

/**
 * An independent reader of WAsP .owc files, written from the OWC layout (the elements and attributes
 * windkit's `_parse_owc` reads: CountOfSectors; RveaAnemometerSiteDetails LatitudeDegrees,
 * LongitudeDegrees, HeightAGL; ObservedWind Index, SectorFrequency and its distribution's
 * UpperSpeedBound / Frequency) with a plain DOM parser — not the writer's code. The Weibull comments are
 * read as MastHub documents them.
 */
function readOwc(xml: string) {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const root = doc.documentElement!;
  expect(root.tagName).toBe('RveaObservedWindClimate');
  const site = root.getElementsByTagName('RveaAnemometerSiteDetails')[0]!;
  const winds = Array.from(root.getElementsByTagName('ObservedWind'));
  const sectors = winds.map((w) => {
    const dist = w.getElementsByTagName('SpeedFrequencyDistribution')[0]!;
    // The distribution is the first element child of ObservedWind (windkit reads children()[0]).
    expect(w.firstChild?.nextSibling?.nodeName ?? w.firstChild?.nodeName).toBe('SpeedFrequencyDistribution');
    const bins = Array.from(dist.getElementsByTagName('SpeedBin'));
    expect(bins.length).toBe(Number(dist.getAttribute('NumberOfBins')));
    return {
      index: Number(w.getAttribute('Index')),
      centre: Number(w.getAttribute('CentreAngleDegrees')),
      width: Number(w.getAttribute('SectorWidthDegrees')),
      frequency: Number(w.getAttribute('SectorFrequency')),
      upper: bins.map((b) => Number(b.getAttribute('UpperSpeedBound'))),
      binFrequency: bins.map((b) => Number(b.getAttribute('Frequency'))),
    };
  });
  const comments: string[] = [];
  for (let node = doc.firstChild; node; node = node.nextSibling)
    if (node.nodeType === 8) comments.push(node.nodeValue ?? '');
  const weibull = (label: string) => {
    const m = comments
      .map((c) => new RegExp(`^ ${label}.*: A=([\\d.]+) m/s k=([\\d.]+) n=(\\d+)`).exec(c))
      .find((x) => x);
    return m ? { a: Number(m[1]), k: Number(m[2]), n: Number(m[3]) } : undefined;
  };
  return {
    countOfSectors: Number(root.getAttribute('CountOfSectors')),
    latitude: Number(site.getAttribute('LatitudeDegrees')),
    longitude: Number(site.getAttribute('LongitudeDegrees')),
    height: Number(site.getAttribute('HeightAGL')),
    sectors,
    all: weibull('All sectors'),
    sector: (s: number) => weibull(`Sector ${s} \\(`),
    period: /Period (\S+) to (\S+) /.exec(comments.join('\n'))?.slice(1, 3),
  };
}

/** An independent reader of the windIO energy resource: a YAML parser, and the header comments. */
function readWindio(yaml: string) {
  const doc = parseYaml(yaml) as {
    name: string;
    wind_resource: Record<string, { data: number[]; dims: string[] } | number[] | number>;
  };
  const header = (key: string) => new RegExp(`^# ${key}: (.+)$`, 'm').exec(yaml)?.[1];
  const r = doc.wind_resource;
  const data = (key: string) => (r[key] as { data: number[] }).data;
  return {
    doc,
    directions: r['wind_direction'] as number[],
    probability: data('sector_probability'),
    a: data('weibull_a'),
    k: data('weibull_k'),
    height: r['height'] as number,
    x: r['x'] as number,
    y: r['y'] as number,
    latitude: Number(header('latitude_deg')),
    longitude: Number(header('longitude_deg')),
    period: header('period')
      ?.split(' ')
      .filter((p) => p.includes('T')),
  };
}

const SITE = { latitudeDeg: 53.304912, longitudeDeg: -6.212034, heightM: 80, utcOffsetHours: 8 };

describe('observedWindClimate (issue 46 §2)', () => {
  it('observedWindClimate fits each sector by the WAsP method near the A and k its speeds were drawn from', () => {
    const { grid, ws, wd } = climateFactory(12, () => 600);
    const climate = observedWindClimate(grid, ws, wd, { sectors: 12 })!;
    const sevenths = Math.floor(ws.length / 7);
    expect(climate.count).toBe(ws.length - sevenths);
    expect(climate.sectorFrequencies.reduce((x, y) => x + y, 0)).toBeCloseTo(1, 12);
    climate.sectorWeibull.forEach((w, s) => {
      // Quantile samples of a Weibull, a seventh of them dropped: the fit lands within 3 % of the
      // generating A and 10 % of k (the WAsP method keeps the third moment, which the sample's tail sets).
      expect(w.ownFit).toBe(true);
      expect(Math.abs(w.scaleMps / (6 + s / 2) - 1)).toBeLessThan(0.03);
      expect(Math.abs(w.shape / (1.8 + s / 10) - 1)).toBeLessThan(0.1);
    });
  });

  it('observedWindClimate gives a sector of fewer than 100 records the all-sector A/k, marked', () => {
    const { grid, ws, wd } = climateFactory(4, (s) => (s === 2 ? 40 : 500));
    const climate = observedWindClimate(grid, ws, wd, { sectors: 4 })!;
    expect(climate.sectorWeibull[2]).toEqual({ ...climate.allSectors, ownFit: false });
    expect(climate.sectorWeibull[1]!.ownFit).toBe(true);
    expect(observedWindClimate(grid, ws, new Float32Array(ws.length).fill(Number.NaN))).toBeUndefined();
  });
});

describe('writeWaspOwc (issue 46 §2, FLOW-CLIMATES.md §1)', () => {
  const { grid, ws, wd } = climateFactory(12, (s) => 300 + 40 * s);
  const climate = observedWindClimate(grid, ws, wd, { sectors: 12 })!;
  const xml = text(writeWaspOwc({ climate, description: 'M1 WS_80m 2016', ...SITE }));

  it('writeWaspOwc read back by an independent XML reader gives the sectors, frequencies, A, k, height and coordinates within the file precision', () => {
    const owc = readOwc(xml);
    expect(owc.countOfSectors).toBe(12);
    expect(owc.sectors).toHaveLength(12);
    expect(owc.latitude).toBeCloseTo(SITE.latitudeDeg, 6);
    expect(owc.longitude).toBeCloseTo(SITE.longitudeDeg, 6);
    expect(owc.height).toBe(80);
    owc.sectors.forEach((sector, s) => {
      expect(sector.index).toBe(s + 1);
      expect(sector.centre).toBe(s * 30);
      expect(sector.width).toBe(30);
      expect(Math.abs(sector.frequency - climate.sectorFrequencies[s]!)).toBeLessThanOrEqual(5e-7);
      expect(sector.upper).toEqual(climate.table.upperEdgesMps);
      const n = climate.table.sectorCounts[s]!;
      sector.binFrequency.forEach((f, b) => {
        expect(Math.abs(f - climate.table.counts[b]![s]! / n)).toBeLessThanOrEqual(5e-7);
      });
      const w = owc.sector(s + 1)!;
      expect(Math.abs(w.a - climate.sectorWeibull[s]!.scaleMps)).toBeLessThanOrEqual(5e-4);
      expect(Math.abs(w.k - climate.sectorWeibull[s]!.shape)).toBeLessThanOrEqual(5e-4);
      expect(w.n).toBe(climate.sectorWeibull[s]!.count);
    });
    expect(Math.abs(owc.all!.a - climate.allSectors.scaleMps)).toBeLessThanOrEqual(5e-4);
    expect(Math.abs(owc.all!.k - climate.allSectors.shape)).toBeLessThanOrEqual(5e-4);
    expect(owc.sectors.reduce((x, y) => x + y.frequency, 0)).toBeCloseTo(1, 5);
  });

  it('writeWaspOwc states the period as local stamps with their offset and escapes markup in the description', () => {
    const owc = readOwc(xml);
    let last = wd.length - 1;
    while (Number.isNaN(wd[last]!)) last--;
    const local = (ms: number) => `${new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;
    expect(owc.period).toEqual([local(grid.startMs), local(grid.startMs + last * 600_000)]);
    const odd = text(writeWaspOwc({ climate, description: 'A & B <"1">', ...SITE }));
    expect(odd).toContain('Description="A &amp; B &lt;&quot;1&quot;&gt;"');
    expect(readOwc(odd).countOfSectors).toBe(12);
    expect(xml.split('\r\n')[0]).toBe('<?xml version="1.0" encoding="UTF-8"?>');
    expect(xml).toContain(
      '  <ObservedWind Index="4" CentreAngleDegrees="90" SectorWidthDegrees="30" SectorFrequency=',
    );
  });

  it('writeWaspOwc with 16 sectors writes 22.5-degree centres and refuses more than 36 sectors', () => {
    const c16 = observedWindClimate(grid, ws, wd, { sectors: 16 })!;
    const owc = readOwc(text(writeWaspOwc({ climate: c16, description: 'x', ...SITE })));
    expect(owc.sectors.map((s) => s.centre).slice(0, 3)).toEqual([0, 22.5, 45]);
    const c72 = observedWindClimate(grid, ws, wd, { sectors: 72 })!;
    expect(() => text(writeWaspOwc({ climate: c72, description: 'x', ...SITE }))).toThrow(/36/);
  });
});

describe('writeWindioResource (issue 46 §2, FLOW-CLIMATES.md §2)', () => {
  const { grid, ws, wd } = climateFactory(12, (s) => (s === 5 ? 30 : 300 + 40 * s));
  const climate = observedWindClimate(grid, ws, wd, { sectors: 12 })!;
  const yaml = text(writeWindioResource({ climate, name: 'M1 风塔 "80 m"', ...SITE }));

  it('writeWindioResource read back by a YAML parser gives the sectors, probabilities, A, k, height and coordinates within the file precision', () => {
    const r = readWindio(yaml);
    expect(r.doc.name).toBe('M1 风塔 "80 m"');
    expect(r.directions).toEqual(Array.from({ length: 12 }, (_, s) => s * 30));
    expect(r.probability).toHaveLength(12);
    r.probability.forEach((p, s) => {
      expect(Math.abs(p - climate.sectorFrequencies[s]!)).toBeLessThanOrEqual(5e-7);
      expect(Math.abs(r.a[s]! - climate.sectorWeibull[s]!.scaleMps)).toBeLessThanOrEqual(5e-4);
      expect(Math.abs(r.k[s]! - climate.sectorWeibull[s]!.shape)).toBeLessThanOrEqual(5e-4);
    });
    expect(r.height).toBe(80);
    expect(r.latitude).toBeCloseTo(SITE.latitudeDeg, 6);
    expect(r.longitude).toBeCloseTo(SITE.longitudeDeg, 6);
    const utm = wgs84ToUtm(SITE.latitudeDeg, SITE.longitudeDeg);
    expect(Math.abs(r.x - utm.eastingM)).toBeLessThanOrEqual(0.05);
    expect(Math.abs(r.y - utm.northingM)).toBeLessThanOrEqual(0.05);
    expect(yaml).toContain('# x, y: UTM zone 29N (EPSG:32629)');
    expect(r.period?.[0]).toBe('2016-01-09T15:30:00+08:00');
    // Sector 6 had 30 records: it carries the all-sector fit, and the header says so.
    expect(r.a[5]).toBeCloseTo(climate.allSectors.scaleMps, 3);
    expect(yaml).toContain('# sectors with the all-sector A/k (fewer than 100 records): 6');
  });

  it('writeWindioResource leaves x and y out where no UTM zone exists (polar)', () => {
    const polar = text(writeWindioResource({ climate, name: 'P', ...SITE, latitudeDeg: 85 }));
    const r = readWindio(polar);
    expect(r.x).toBeUndefined();
    expect(r.latitude).toBe(85);
  });
});

describe.skipIf(!hasWindio)('windIO schema validation (issue 46 §2)', () => {
  it('writeWindioResource documents validate against windIO energy_resource.yaml, as windIO`s own Weibull example does, and a broken one does not', () => {
    const validate = windioValidator();
    const example = parseYaml(
      readFileSync(path.join(WINDIO_DIR, 'examples/UniformWeibullResource.yaml'), 'utf8'),
    );
    expect(validate(example)).toEqual([]);
    const { grid, ws, wd } = climateFactory(16, () => 200);
    for (const sectors of [12, 16]) {
      const climate = observedWindClimate(grid, ws, wd, { sectors })!;
      const doc = parseYaml(text(writeWindioResource({ climate, name: `M1 ${sectors}`, ...SITE })));
      expect(validate(doc)).toEqual([]);
      // A property windIO does not define (a latitude: its objects allow no others) is refused.
      expect(validate({ ...doc, wind_resource: { ...doc.wind_resource, latitude: 53 } })).not.toEqual([]);
    }
  });
});
