// Lidar figures for `npm run bench` (issue 31):
// - `ingest.parse_mbps.windcube_sta`: the WindCube buoy sample (tsdat z06, 151 columns, 12 heights) with its
//   data rows repeated day after day (fresh stamps, so no sorting) to ≥ 50 MB in memory, parsed with the
//   rule and channels recognition proposes, every channel. MB/s, best of 3, recognition excluded.
//   Target ≥ 100 MB/s.
// - `lidar.verify_ms.year_12heights`: lidarVsMast over a year of 10-min pairs at 12 heights, speed and
//   direction with flags on both sides (built here from one truth plus noise). Target ≤ 500 ms.
// Single thread, best of a few runs after a warm-up, performance.now.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseFile, recognize } from '../apps/server/src/modules/ingestion/parsers/index.ts';
import { lidarVsMast } from '../packages/wind/src/lidar/lidar-vs-mast.ts';
import type { LidarVsMastHeightInput } from '../packages/wind/src/lidar/types.ts';

type TResult = { name: string; value: number; unit: string };

const STA_PATH = path.resolve(
  import.meta.dirname,
  '../../shared/samples/windcube_sta/tsdat_lidar.z06.00.20201201.000000.sta',
);
const TARGET_BYTES = 50e6;

function bestOf(runs: number, fn: () => void): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    best = Math.min(best, performance.now() - t);
  }
  return best;
}

/** The sample's header, then its day of rows again and again, each copy one day later. */
function repeatedSta(sample: Buffer): Buffer {
  const text = sample.toString('latin1');
  const lines = text.split('\n');
  const headerSize = Number(/^HeaderSize=(\d+)/.exec(lines[0]!)![1]);
  const head = lines.slice(0, headerSize + 3).join('\n');
  const rows = lines.slice(headerSize + 3).filter((l) => l.trim() !== '');
  const parts: string[] = [head];
  let size = head.length;
  const pad = (n: number) => String(n).padStart(2, '0');
  for (let day = 0; size < TARGET_BYTES; day++) {
    for (const row of rows) {
      const tab = row.indexOf('\t');
      const stamp =
        Date.parse(`${row.slice(0, tab).replace(/\//g, '-').replace(' ', 'T')}:00Z`) + day * 86_400_000;
      const d = new Date(stamp);
      const line = `${d.getUTCFullYear()}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}${row.slice(tab)}`;
      parts.push(line);
      size += line.length + 1;
    }
  }
  return Buffer.from(`${parts.join('\n')}\n`, 'latin1');
}

function benchWindCubeParse(): TResult[] {
  if (!existsSync(STA_PATH)) {
    console.log('ingest.parse_mbps.windcube_sta: skipped, ../shared/samples is absent');
    return [];
  }
  const bytes = repeatedSta(readFileSync(STA_PATH));
  const fileName = 'lidar.z06.repeated.sta';
  const recognition = recognize(bytes, fileName);
  if (recognition.kind !== 'windcube_sta_floating') throw new Error(`recognised as ${recognition.kind}`);
  let rows = 0;
  const best = bestOf(3, () => {
    rows = parseFile(bytes, fileName, recognition.rule, recognition.channels).rowCount;
  });
  if (rows !== recognition.rowCount) throw new Error(`parsed ${rows} rows of ${recognition.rowCount}`);
  const mb = bytes.length / 1e6;
  console.log(`windcube_sta: ${mb.toFixed(1)} MB, ${rows} rows × ${recognition.channels.length} channels`);
  return [
    {
      name: 'ingest.parse_mbps.windcube_sta',
      value: Math.round((mb / (best / 1000)) * 10) / 10,
      unit: 'MB/s',
    },
  ];
}

/** Twelve heights of a year of 10-min pairs: one truth, each side with noise, a few flags on each side. */
function yearOfTwelveHeights(): LidarVsMastHeightInput[] {
  const n = 52_560;
  let s = 12_345;
  const uniform = () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return (s + 0.5) / 2_147_483_648;
  };
  const normal = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
  return Array.from({ length: 12 }, (_, h) => {
    const series = () => new Float32Array(n);
    const [lidarSpeed, mastSpeed, lidarDirection, mastDirection] = [series(), series(), series(), series()];
    const lidarSpeedFlags = new Uint8Array(n);
    const mastSpeedFlags = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      const truth = (8 + h * 0.2) * (-Math.log(1 - uniform())) ** 0.5;
      const dir = uniform() * 360;
      mastSpeed[i] = truth + 0.15 * normal();
      lidarSpeed[i] = truth + 0.15 * normal();
      mastDirection[i] = (dir + 1.5 * normal() + 360) % 360;
      lidarDirection[i] = (dir + 1.5 * normal() + 360) % 360;
      if (uniform() < 0.05) lidarSpeedFlags[i] = 3;
      if (uniform() < 0.02) mastSpeedFlags[i] = 3;
    }
    return {
      heightM: 40 + h * 20,
      lidarSpeed,
      lidarSpeedFlags,
      mastSpeed,
      mastSpeedFlags,
      lidarDirection,
      lidarDirectionFlags: lidarSpeedFlags,
      mastDirection,
    };
  });
}

function benchLidarVerify(): TResult[] {
  const heights = yearOfTwelveHeights();
  const verify = () => lidarVsMast(heights);
  const first = verify();
  if (first.some((h) => h.verdict !== 'best_practice'))
    throw new Error('the built year should pass best practice');
  return [
    { name: 'lidar.verify_ms.year_12heights', value: Math.round(bestOf(5, verify) * 10) / 10, unit: 'ms' },
  ];
}

export async function benchLidar(): Promise<TResult[]> {
  return [...benchWindCubeParse(), ...benchLidarVerify()];
}

if (process.argv[1] === import.meta.filename) console.log(await benchLidar());
