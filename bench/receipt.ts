// Data receipt figure for `npm run bench` (issue 30, WIND-ANALYSIS §15):
// - `receipt.ms.month40`: receiptChecks on a 40-channel month (31 days of 10-min records) against 30 days of
//   history, every check: the basic receipt, the solar clock, swapped heights, boom orientation and slope of
//   each same-height pair, vane offsets and stuck sensors. Target ≤ 2 000 ms.
// Deterministic synthetic mast (no ../shared needed): 8 heights with two cups on booms 0°/180°, 4 vanes,
// 16 speed standard deviations, temperature, humidity, pressure, radiation. Single thread, best of 5 runs.
import {
  type ReceiptChannel,
  type ReceiptWindow,
  receiptChecks,
  solarPosition,
} from '../packages/wind/src/index.ts';

type TResult = { name: string; value: number; unit: string };

const STEP = 600_000;
const SITE = { latDeg: 39.91, lonDeg: -105.23 };

function mast(
  startMs: number,
  days: number,
  seed: number,
): { window: ReceiptWindow; channels: ReceiptChannel[] } {
  let s = seed >>> 0;
  const r = () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
  const n = days * 144;
  const timesMs = Float64Array.from({ length: n }, (_, i) => startMs + i * STEP);
  const u = new Float64Array(n);
  const d = new Float64Array(n);
  let speed = 8;
  let dir = 270;
  for (let i = 0; i < n; i++) {
    speed = Math.max(0.3, speed + (r() - 0.5) * 1.2 + (8 - speed) * 0.02);
    dir = (dir + (r() - 0.5) * 20 + 360) % 360;
    u[i] = speed;
    d[i] = dir;
  }
  const wake = (theta: number, boom: number) =>
    1 - 0.2 * Math.exp(-(((((theta - boom - 180 + 540) % 360) - 180) / 12) ** 2) / 2);
  const channels: ReceiptChannel[] = [];
  const values: Record<string, Float64Array> = {};
  const heights = [10, 20, 30, 40, 50, 60, 70, 80];
  for (const h of heights) {
    const shear = (h / 80) ** 0.15;
    for (const boom of [0, 180]) {
      const id = `ws${h}_${boom}`;
      values[id] = Float64Array.from(u, (v, i) => v * shear * wake(d[i]!, boom) * (1 + 0.01 * (r() - 0.5)));
      values[`${id}_sd`] = Float64Array.from(u, (v) => v * 0.1 * (0.8 + 0.4 * r()));
      channels.push(
        { id, element: 'ws', heightM: h, boomDeg: boom },
        { id: `${id}_sd`, element: 'ws', heightM: h, statistic: 'sd' },
      );
    }
  }
  for (const h of [10, 38, 58, 78]) {
    values[`wd${h}`] = Float64Array.from(d, (v) => (v + 2 * (r() - 0.5) + 360) % 360);
    channels.push({ id: `wd${h}`, element: 'wd', heightM: h });
  }
  values.T = Float64Array.from(
    timesMs,
    (t) => 12 + 6 * Math.sin(2 * Math.PI * (t / 86_400_000 - 0.9)) + r() * 0.2,
  );
  values.RH = Float64Array.from(timesMs, () => 50 + 20 * r());
  values.p = Float64Array.from(timesMs, () => 850 + r());
  values.G = Float64Array.from(
    timesMs,
    (t) =>
      Math.max(
        0,
        1000 * Math.sin((solarPosition(t + STEP / 2, SITE.latDeg, SITE.lonDeg).elevationDeg * Math.PI) / 180),
      ) *
      (0.7 + 0.3 * r()),
  );
  channels.push(
    { id: 'T', element: 'T', heightM: 2 },
    { id: 'RH', element: 'RH', heightM: 2 },
    { id: 'p', element: 'p', heightM: 2 },
    { id: 'G', element: 'G', heightM: 2 },
  );
  return { window: { timesMs, channels: values }, channels };
}

export async function benchReceipt(): Promise<TResult[]> {
  const monthStart = Date.UTC(2024, 6, 1);
  const file = mast(monthStart, 31, 7);
  const history = mast(monthStart - 30 * 86_400_000, 30, 8);
  if (file.channels.length !== 40)
    throw new Error(`the bench mast has ${file.channels.length} channels, expected 40`);
  const run = () =>
    receiptChecks({ file: file.window, history: history.window, channels: file.channels, site: SITE });
  const results = run().results.length;
  if (results < 40) throw new Error(`receiptChecks gave ${results} results, expected every check`);
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    run();
    best = Math.min(best, performance.now() - t);
  }
  return [{ name: 'receipt.ms.month40', value: Math.round(best * 10) / 10, unit: 'ms' }];
}

if (process.argv[1] === import.meta.filename) console.log(await benchReceipt());
