/**
 * Factory of issue 41 §1's file: ten days of a logger at 80 m whose mean speed reads 85 m/s once — the API
 * test (one-bad-record.e2e.test.ts) and the browser spec (e2e/one-bad-record.spec.ts) upload the same bytes.
 */
export const ONE_SPIKE = {
  stepMs: 600_000,
  startMs: Date.UTC(2025, 8, 1),
  rows: 10 * 144,
  /** Day 5, 12:00 UTC. */
  spike: 4 * 144 + 72,
} as const;

/** A small seeded generator (mulberry32): the file is the same on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Weibull(8, 2) speeds with σ = 0.08·V, gusts, a vane and a thermometer; one 85 m/s mean. */
export function oneSpikeFile(): string {
  const next = random(41);
  const lines = ['Timestamp,WS_80m_Avg,WS_80m_SD,WS_80m_Max,WD_80m_Avg,T_5m_Avg'];
  for (let i = 0; i < ONE_SPIKE.rows; i++) {
    const v = 8 * Math.sqrt(-Math.log(1 - next() * 0.999));
    const sd = v * 0.08 * (0.8 + 0.4 * next());
    const t = new Date(ONE_SPIKE.startMs + i * ONE_SPIKE.stepMs).toISOString().slice(0, 19).replace('T', ' ');
    const speed = i === ONE_SPIKE.spike ? 85 : v;
    const gust = (v + 2.5 * sd).toFixed(2);
    lines.push([t, speed.toFixed(2), sd.toFixed(3), gust, Math.floor(next() * 360), '12.5'].join(','));
  }
  return `${lines.join('\n')}\n`;
}
