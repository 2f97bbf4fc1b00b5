/** Deterministic generator in [0, 1) (mulberry32), so a seed repeats the hold-out exactly. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Block lengths of 1 hour to 2 weeks, log-uniform, in slots (what the harness and a gap-free target use). */
export function logUniformLengths(intervalMinutes: number, count: number, seed: number): Int32Array {
  const rnd = seededRandom(seed ^ 0x9e3779b9);
  const lo = Math.log(Math.max(1, 60 / intervalMinutes));
  const hi = Math.log((14 * 24 * 60) / intervalMinutes);
  const out = new Int32Array(count);
  for (let k = 0; k < count; k++) out[k] = Math.round(Math.exp(lo + (hi - lo) * rnd()));
  return out;
}

/**
 * Places held-out blocks on valid slots of a series: block lengths drawn (with replacement, seeded) from
 * `lengths`, each placed at a random start where every slot is valid and not yet held out (with one valid
 * slot either side, so blocks stay apart), until `share` of the valid slots are held out (the last block is
 * shortened to the remainder). Gives up on a length after 200 misses.
 *
 * @returns mask (1 = held out), the block starts and lengths
 */
export function holdOutBlocks(
  usable: Uint8Array,
  lengths: ArrayLike<number>,
  share: number,
  seed: number,
): { mask: Uint8Array; starts: number[]; lengths: number[]; slots: number } {
  const n = usable.length;
  let valid = 0;
  for (let i = 0; i < n; i++) valid += usable[i]!;
  const goal = Math.round(valid * share);
  const mask = new Uint8Array(n);
  const starts: number[] = [];
  const out: number[] = [];
  let held = 0;
  const rnd = seededRandom(seed);
  let misses = 0;
  while (held < goal && lengths.length > 0 && misses < 200) {
    const len = Math.max(1, Math.min(lengths[Math.floor(rnd() * lengths.length)]!, goal - held));
    if (len + 2 > n) {
      misses++;
      continue;
    }
    const start = 1 + Math.floor(rnd() * (n - len - 1));
    let ok = true;
    for (let i = start - 1; i <= start + len && ok; i++) if (usable[i] !== 1 || mask[i] === 1) ok = false;
    if (!ok) {
      misses++;
      continue;
    }
    misses = 0;
    mask.fill(1, start, start + len);
    starts.push(start);
    out.push(len);
    held += len;
  }
  return { mask, starts, lengths: out, slots: held };
}
