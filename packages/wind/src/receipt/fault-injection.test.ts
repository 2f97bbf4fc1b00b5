import { describe, expect, it } from 'vitest';
import { angleDifference } from '../direction/angle-difference.ts';
import {
  hasReceiptShared,
  indexAt,
  injectBoomRotation,
  injectClock,
  injectSlope,
  injectStuck,
  injectSwap,
  injectVaneOffset,
  loadFergus,
  loadM5Receipt,
  type MastData,
  type MonthCase,
  monthCases,
  RECEIPT_SKIP_MESSAGE,
  ratioPattern,
  TWIN_BOOMS,
} from '../testing/fault-injection-fixture.ts';
import { checkBoomOrientation } from './check-boom-orientation.ts';
import { checkClockByTemperature } from './check-clock-by-temperature.ts';
import { checkSlopeMismatch } from './check-slope-mismatch.ts';
import { checkStuckSensor } from './check-stuck-sensor.ts';
import { checkSwappedHeights } from './check-swapped-heights.ts';
import { checkVaneOffset } from './check-vane-offset.ts';
import type { ReceiptChannel, ReceiptCheckResult, ReceiptWindow } from './types.ts';
import { vocabularyMisses } from './vocabulary-misses.ts';

interface Tally {
  datasets: Set<string>;
  injected: number;
  counted: number;
  detected: number;
  notCounted: Map<string, number>;
  untouched: number;
  untouchedSkipped: number;
  falseFlags: string[];
}

const KINDS = [
  'heights swapped',
  'heights swapped, z2 cup reads low',
  'clock ±1 h',
  'boom rotated ≥ 30°',
  'slope ±3 %',
  'vane offset 15°',
  '2 h stuck',
] as const;
type Kind = (typeof KINDS)[number];

function newTallies(): Record<Kind, Tally> {
  const out = {} as Record<Kind, Tally>;
  for (const k of KINDS) {
    out[k] = {
      datasets: new Set(),
      injected: 0,
      counted: 0,
      detected: 0,
      notCounted: new Map(),
      untouched: 0,
      untouchedSkipped: 0,
      falseFlags: [],
    };
  }
  return out;
}

/** Keys a result wrote that its check's vocabulary does not list (the screens could not name them). */
const unlisted = new Set<string>();

function untouched(t: Tally, dataset: string, label: string, r: ReceiptCheckResult): void {
  for (const miss of vocabularyMisses(r)) unlisted.add(miss);
  if (r.status === 'skipped') {
    t.untouchedSkipped++;
    return;
  }
  t.datasets.add(dataset);
  t.untouched++;
  if (r.status === 'finding') t.falseFlags.push(`${label} ${r.finding.key} ${r.finding.channels.join('/')}`);
}

function injected(
  t: Tally,
  r: ReceiptCheckResult,
  isDetected: (r: ReceiptCheckResult) => boolean,
  reason?: string,
): void {
  for (const miss of vocabularyMisses(r)) unlisted.add(miss);
  t.injected++;
  const why = reason ?? (r.status === 'skipped' ? r.skip.reason : undefined);
  if (why) {
    t.notCounted.set(why, (t.notCounted.get(why) ?? 0) + 1);
    return;
  }
  t.counted++;
  if (isDetected(r)) t.detected++;
}

const found = (r: ReceiptCheckResult) => r.status === 'finding';
const dayOf = (c: MonthCase, day: number) =>
  Date.UTC(
    new Date(c.file.timesMs[0]!).getUTCFullYear(),
    new Date(c.file.timesMs[0]!).getUTCMonth(),
    1 + day,
  );

function channel(data: MastData, id: string): ReceiptChannel {
  return data.meta.find((c) => c.id === id)!;
}

function nearestId(data: MastData, element: 'ws' | 'wd', heightM: number): string {
  let best = data.meta.find((c) => c.element === element && c.id !== 'twinA' && c.id !== 'twinB')!;
  for (const c of data.meta) {
    if (c.element !== element || c.id.startsWith('twin')) continue;
    if (Math.abs(c.heightM! - heightM) < Math.abs(best.heightM! - heightM)) best = c;
  }
  return best.id;
}

/** First index ≥ `from` where `records` consecutive stamps carry values with u > 1 m/s (and T > 2 °C). */
function stuckStart(
  w: ReceiptWindow,
  id: string,
  speedId: string,
  tId: string | undefined,
  from: number,
  records: number,
): number {
  const v = w.channels[id]!;
  const u = w.channels[speedId]!;
  const temp = tId ? w.channels[tId] : undefined;
  const ok = (i: number) =>
    !Number.isNaN(v[i]!) &&
    u[i]! > 1 &&
    (!temp || temp[i]! > 2) &&
    (i === 0 || w.timesMs[i]! - w.timesMs[i - 1]! === 600_000);
  for (let s = from; s + records < v.length; s++) {
    let all = true;
    for (let i = s; i < s + records && all; i++) all = ok(i);
    if (all) return s;
  }
  return -1;
}

function runHits(r: ReceiptCheckResult, fromMs: number, toMs: number): boolean {
  if (r.status !== 'finding' || !r.finding.chart) return false;
  const starts = r.finding.chart.x;
  const lengths = r.finding.chart.series[0]!.y;
  return starts.some((s, k) => s < toMs && s + lengths[k]! * 600_000 > fromMs);
}

/**
 * Upper cups of adjacent pairs that read below the lower cup over the mast's whole record (R ≤ 1 for records
 * with both ≥ 4 m/s): on M5 the 87 m and 122 m cups read 1–3 % below the 80 m and 105 m cups, so these
 * pairs lack the "comparable exposure" §15 assumes; they are tallied on their own line.
 */
function upperCupsReadingLow(data: MastData, cups: ReceiptChannel[]): Set<string> {
  const out = new Set<string>();
  for (let k = 1; k < cups.length; k++) {
    const a = data.channels[cups[k - 1]!.id]!;
    const b = data.channels[cups[k]!.id]!;
    let sa = 0;
    let sb = 0;
    for (let i = 0; i < a.length; i++) {
      if (a[i]! >= 4 && b[i]! >= 4) {
        sa += a[i]!;
        sb += b[i]!;
      }
    }
    if (sb <= sa) out.add(cups[k]!.id);
  }
  return out;
}

const UPPER_T = ['T38', 'T87', 'T122'];

function runMast(data: MastData, tallies: Record<Kind, Tally>): void {
  const cases = monthCases(data);
  const ids = new Set(data.meta.map((c) => c.id));
  const isM5 = ids.has('T3');
  const tId = isM5 ? 'T3' : undefined;
  const cups = data.meta.filter((c) => c.element === 'ws' && !c.id.startsWith('twin'));
  const vanes = data.meta.filter((c) => c.element === 'wd');
  const readsLow = upperCupsReadingLow(data, cups);
  const pattern = ids.has('twinA') ? ratioPattern(data, 'twinA', 'twinB', 'wd122') : undefined;
  for (const c of cases) {
    const { file, history } = c;
    // Clock: the lapse cycle of the temperatures (no stored mast has a radiation channel for months).
    if (tId) {
      const opts = { temperatureId: tId, upperTemperatureIds: UPPER_T };
      untouched(tallies['clock ±1 h'], data.name, c.label, checkClockByTemperature(file, history, opts));
      for (const minutes of [60, -60]) {
        const r = checkClockByTemperature(injectClock(file, minutes), history, opts);
        injected(
          tallies['clock ±1 h'],
          r,
          (x) =>
            x.status === 'finding' &&
            x.finding.fix?.kind === 'shift_clock' &&
            Math.abs(x.finding.fix.minutes + minutes) <= 10,
        );
      }
    }
    // Swapped heights: every pair of adjacent cup heights, swapped from the 1st, 11th and 19th.
    for (let k = 1; k < cups.length; k++) {
      const lower = cups[k - 1]!;
      const upper = cups[k]!;
      const pair = {
        lower,
        upper,
        directionId: nearestId(data, 'wd', (lower.heightM! + upper.heightM!) / 2),
      };
      const tally = tallies[readsLow.has(upper.id) ? 'heights swapped, z2 cup reads low' : 'heights swapped'];
      untouched(tally, data.name, c.label, checkSwappedHeights(file, history, pair));
      for (const day of [0, 10, 18]) {
        const r = checkSwappedHeights(injectSwap(file, lower.id, upper.id, dayOf(c, day)), history, pair);
        injected(tally, r, found);
      }
    }
    // Vane offset: adjacent vanes, the upper one turned ±15° from the 1st and the 11th.
    for (let k = 1; k < vanes.length; k++) {
      const a = vanes[k]!;
      const b = vanes[k - 1]!;
      const opts = { a: a.id, b: b.id, speedId: nearestId(data, 'ws', (a.heightM! + b.heightM!) / 2) };
      untouched(tallies['vane offset 15°'], data.name, c.label, checkVaneOffset(file, history, opts));
      for (const [day, deg] of [
        [0, 15],
        [10, -15],
        [0, -15],
        [10, 15],
      ] as const) {
        const r = checkVaneOffset(injectVaneOffset(file, a.id, deg, dayOf(c, day)), history, opts);
        injected(tallies['vane offset 15°'], r, found);
      }
    }
    // Boom orientation and slope: the twin pair at 122 m.
    if (pattern) {
      const a = channel(data, 'twinA');
      const b = channel(data, 'twinB');
      const boom = { channel: a, reference: b, directionId: 'wd122' };
      untouched(tallies['boom rotated ≥ 30°'], data.name, c.label, checkBoomOrientation(file, history, boom));
      untouched(
        tallies['boom rotated ≥ 30°'],
        data.name,
        c.label,
        checkBoomOrientation(file, history, { channel: b, reference: a, directionId: 'wd122' }),
      );
      for (const delta of [30, -30, 60, -90, 180]) {
        const r = checkBoomOrientation(
          injectBoomRotation(file, 'twinA', 'wd122', pattern, delta),
          injectBoomRotation(history, 'twinA', 'wd122', pattern, delta),
          boom,
        );
        injected(
          tallies['boom rotated ≥ 30°'],
          r,
          (x) =>
            x.status === 'finding' &&
            Math.abs(angleDifference(x.finding.numbers.foundBoomDeg!, TWIN_BOOMS.a + delta)) <= 20,
        );
      }
      const slope = { a, b, directionId: 'wd122' };
      untouched(tallies['slope ±3 %'], data.name, c.label, checkSlopeMismatch(file, history, slope));
      for (const [day, factor] of [
        [0, 1.03],
        [0, 0.97],
        [10, 1.03],
        [10, 0.97],
      ] as const) {
        const r = checkSlopeMismatch(injectSlope(file, 'twinA', factor, dayOf(c, day)), history, slope);
        injected(tallies['slope ±3 %'], r, found);
      }
    }
    // Stuck: every cup, vane and temperature, 2 h (12 records) from about the 5th and the 20th.
    for (const ch of data.meta) {
      if (ch.id.startsWith('twin')) continue;
      const speedId = ch.element === 'ws' ? ch.id : nearestId(data, 'ws', ch.heightM ?? 0);
      const opts = { channel: ch, speedId, temperatureId: tId };
      const before = checkStuckSensor(file, history, opts);
      untouched(tallies['2 h stuck'], data.name, c.label, before);
      for (const day of [4, 19]) {
        const s = stuckStart(file, ch.id, speedId, tId, indexAt(file, dayOf(c, day)), 12);
        if (s < 0) {
          injected(tallies['2 h stuck'], before, found, 'conditions_never_met');
          continue;
        }
        const r = checkStuckSensor(injectStuck(file, ch.id, s, 12), history, opts);
        const coarse =
          r.status !== 'skipped' &&
          (r.status === 'finding' ? r.finding.numbers : r.pass.numbers).requiredRun! > 12;
        injected(
          tallies['2 h stuck'],
          r,
          (x) => runHits(x, file.timesMs[s]!, file.timesMs[s + 11]! + 600_000),
          coarse ? 'coarse_resolution' : undefined,
        );
      }
    }
  }
}

/**
 * What the "not counted" reasons mean: cases the check itself declines (it says why on the receipt), so they are
 * not checkable on that file — listed, never counted as detected or missed.
 */
const NOT_CHECKABLE: Record<string, string> = {
  shear_too_weak: 'the pair has no established shear (history R within 1 ± 1 %), a swap cannot be told apart',
  too_few_full_days: 'fewer than 7 full days of temperature in the file or the 30 days before',
  phase_unstable: "the file's odd and even days disagree on the phase by more than 1 h (weather)",
  declared_wake_unobserved:
    'too few records from the declared wake directions (the NWTC wind seldom blows there)',
  no_clear_wake: 'no wake dip deep enough in the ratio by direction',
  mixed_pair_scatter:
    'cup/sonic pair (the only same-height pair stored) whose daily ratio scatters by > 2 % in the 30 days before: it cannot resolve 2 %',
  too_few_records: 'fewer than 144 records with both ≥ 4 m/s outside the wakes',
  conditions_never_met: 'no 2 h with u > 1 m/s and T > 2 °C near the injection day',
  coarse_resolution:
    'the channel repeats values so often that a run of 12 is no evidence (required run > 12)',
};

const pct = (a: number, b: number) => (b > 0 ? `${((100 * a) / b).toFixed(1)} %` : '–');

describe.skipIf(!hasReceiptShared)(
  'fault injection into the real masts of ../shared (WIND-ANALYSIS §15)',
  () => {
    it('detects ≥ 95 % of each fault kind with ≤ 1 % false flags on untouched files; cases a check declines are listed as not checkable with the reason', () => {
      const tallies = newTallies();
      runMast(loadM5Receipt(), tallies);
      runMast(loadFergus(), tallies);
      const lines = [
        'fault kind                        | datasets serving it        | injected | counted | detected | detection | untouched | false flags | rate   | not counted (reason: n)',
      ];
      for (const k of KINDS) {
        const t = tallies[k];
        lines.push(
          [
            k.padEnd(33),
            [...t.datasets].join(', ').padEnd(26),
            String(t.injected).padStart(8),
            String(t.counted).padStart(7),
            String(t.detected).padStart(8),
            pct(t.detected, t.counted).padStart(9),
            String(t.untouched).padStart(9),
            String(t.falseFlags.length).padStart(11),
            pct(t.falseFlags.length, t.untouched).padStart(6),
            [...t.notCounted].map(([r, n]) => `${r}: ${n}`).join(', ') +
              (t.untouchedSkipped ? ` (untouched skipped: ${t.untouchedSkipped})` : ''),
          ].join(' | '),
        );
      }
      console.log(`\nReceipt fault injection (WIND-ANALYSIS §15)\n${lines.join('\n')}`);
      for (const k of KINDS)
        if (tallies[k].falseFlags.length > 0)
          console.log(`${k} false flags:\n  ${tallies[k].falseFlags.join('\n  ')}`);
      const reasons = new Set(KINDS.flatMap((k) => [...tallies[k].notCounted.keys()]));
      for (const r of reasons) console.log(`not checkable — ${r}: ${NOT_CHECKABLE[r] ?? '(no note)'}`);
      console.log(
        'Fergus (one cup, one vane, no temperature, no radiation) serves only the stuck check: not checkable for the others.',
      );
      // Every key a check wrote on the real masts is one its vocabulary lists (the screens name those).
      expect([...unlisted]).toEqual([]);
      for (const k of KINDS) {
        const t = tallies[k];
        expect(
          t.counted + [...t.notCounted.values()].reduce((a, b) => a + b, 0),
          `${k}: every case counted or skipped with a reason`,
        ).toBe(t.injected);
        expect(t.counted, `${k}: some cases checkable`).toBeGreaterThan(0);
      }
      // The acceptance of §15 is per fault kind (issue 30): the six kinds. The swap of a pair whose upper cup
      // reads low (M5 87 m against 80 m, 122 m against 105 m) is the hardest part of "heights swapped" and is
      // printed on its own line above so its rate is seen (85.5 % when this was written: months where the
      // pair's ratio drifts ≈ 2 % month to month, as much as the swap moves it); the kind is judged on all
      // its cases together, and each line's false flags on their own.
      const swapParts = [tallies['heights swapped'], tallies['heights swapped, z2 cup reads low']];
      const judged: [string, { detected: number; counted: number; false: number; untouched: number }][] = [
        [
          'heights swapped (all pairs)',
          {
            detected: swapParts.reduce((a, t) => a + t.detected, 0),
            counted: swapParts.reduce((a, t) => a + t.counted, 0),
            false: swapParts.reduce((a, t) => a + t.falseFlags.length, 0),
            untouched: swapParts.reduce((a, t) => a + t.untouched, 0),
          },
        ],
        ...KINDS.filter((k) => !k.startsWith('heights swapped')).map(
          (k) =>
            [
              k,
              {
                detected: tallies[k].detected,
                counted: tallies[k].counted,
                false: tallies[k].falseFlags.length,
                untouched: tallies[k].untouched,
              },
            ] as [string, { detected: number; counted: number; false: number; untouched: number }],
        ),
      ];
      console.log(
        `acceptance per kind:\n  ${judged.map(([k, t]) => `${k}: ${pct(t.detected, t.counted)} detected, ${pct(t.false, t.untouched)} false flags`).join('\n  ')}`,
      );
      for (const [k, t] of judged) {
        expect.soft(t.detected / t.counted, `${k}: detection rate`).toBeGreaterThanOrEqual(0.95);
        expect.soft(t.false / t.untouched, `${k}: false-flag rate`).toBeLessThanOrEqual(0.01);
      }
      for (const k of KINDS)
        expect
          .soft(tallies[k].falseFlags.length / tallies[k].untouched, `${k}: false-flag rate`)
          .toBeLessThanOrEqual(0.01);
    }, 600_000);
  },
);

describe.skipIf(hasReceiptShared)('fault injection without ../shared', () => {
  it('says why it did not run', () => {
    console.log(`fault-injection harness ${RECEIPT_SKIP_MESSAGE}`);
    expect(hasReceiptShared).toBe(false);
  });
});
