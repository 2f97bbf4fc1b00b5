import { deflateSync, inflateSync } from 'node:zlib';
import type { Database } from '../../../platform/db/database.ts';
import {
  chunkKey,
  monthStartOf,
  nextMonthStart,
  openTimeSeriesStore,
  type TChannelRow,
  type TChunk,
} from '../../timeseries/index.ts';
import { FlagMarkRepository, type TFlagMarkRow, type TFlagUndoEntry } from './flag-marks.repository.ts';

/**
 * The new flag of one present value (the mark's flag for a manual mark; the QC result for a QC run).
 * Called only for slots holding a value inside the mark's range; return `current` to leave it.
 */
export type TFlagDecider = (channelId: number, timeMs: number, current: number) => number;

export interface TFlagMarkInput {
  versionId: number;
  source: 'manual' | 'qc';
  taskId: number | null;
  channels: readonly TChannelRow[];
  /** [startMs, endMs): the range the mark covers. */
  startMs: number;
  endMs: number;
  /** The flag recorded on the mark (a QC run records the strongest flag it set). */
  flag: number;
  decide: TFlagDecider;
  note?: string;
  /** QC runs: rule id → values changed. */
  ruleCounts?: Record<string, number>;
  user: { id: number | null; name: string };
}

export interface TFlagMarkOutcome {
  markId: number;
  /** Flags changed. */
  changedCount: number;
  /** Present values inside the range (changed or not). */
  valueCount: number;
}

function packFlags(flags: Uint8Array): string {
  return deflateSync(flags, { level: 1 }).toString('base64');
}

function unpackFlags(packed: string, slotCount: number): Uint8Array {
  const raw = inflateSync(Buffer.from(packed, 'base64'));
  if (raw.length !== slotCount) throw new Error(`undo flags hold ${raw.length} slots, expected ${slotCount}`);
  return new Uint8Array(raw);
}

/**
 * Sets flags on the present values of channels over [startMs, endMs) and stores the change as one
 * flag_mark (DESIGN §3: who, when, why, undoable): per channel and month chunk touched, the flags
 * before and after. Missing slots keep their flag (0). Used by manual marks and by QC runs.
 * The caller holds the transaction and the version lock (and has checked that no other task runs).
 */
export async function applyFlagMark(db: Database, input: TFlagMarkInput): Promise<TFlagMarkOutcome> {
  const store = openTimeSeriesStore(db);
  const marks = new FlagMarkRepository(db);
  const undo: TFlagUndoEntry[] = [];
  let changedCount = 0;
  let valueCount = 0;
  const months: number[] = [];
  for (let m = monthStartOf(input.startMs); m < input.endMs; m = nextMonthStart(m)) months.push(m);
  for (const channel of input.channels) {
    const chunks = await store.lockChunks(input.versionId, [channel.id], months);
    const writes: { channelId: number; chunk: TChunk }[] = [];
    for (const monthMs of months) {
      const chunk = chunks.get(chunkKey(channel.id, monthMs));
      if (!chunk) continue;
      const stepMs = chunk.intervalS * 1000;
      const from = Math.max(0, Math.ceil((input.startMs - monthMs) / stepMs));
      const to = Math.min(chunk.values.length, Math.ceil((input.endMs - monthMs) / stepMs));
      if (to <= from) continue;
      const before = chunk.flags.slice();
      let changed = 0;
      for (let slot = from; slot < to; slot++) {
        const v = chunk.values[slot]!;
        // biome-ignore lint/suspicious/noSelfCompare: NaN test without a call per value
        if (v !== v) continue;
        valueCount++;
        const current = chunk.flags[slot]!;
        const next = input.decide(channel.id, monthMs + slot * stepMs, current);
        if (next !== current) {
          chunk.flags[slot] = next;
          changed++;
        }
      }
      if (changed === 0) continue;
      changedCount += changed;
      undo.push({
        channelId: channel.id,
        monthStartMs: monthMs,
        intervalS: chunk.intervalS,
        slotCount: chunk.flags.length,
        before: packFlags(before),
        after: packFlags(chunk.flags),
        changed,
      });
      writes.push({ channelId: channel.id, chunk });
    }
    await store.writeChunks(input.versionId, writes);
  }
  const markId = await marks.insert({
    versionId: input.versionId,
    source: input.source,
    taskId: input.taskId,
    channelIds: input.channels.map((c) => c.id),
    startMs: input.startMs,
    endMs: input.endMs,
    flag: input.flag,
    note: input.note ?? '',
    changedCount,
    ruleCounts: input.ruleCounts ?? {},
    undo,
    createdBy: input.user.id,
    creatorName: input.user.name,
  });
  if (changedCount > 0) await marks.touchVersion(input.versionId);
  return { markId, changedCount, valueCount };
}

/**
 * Undoes a mark's flag changes: a slot gets its flag from before the mark back only while it still
 * holds a value and the flag the mark set (a later mark or QC run on the same slot wins). Where a later
 * mark won, that mark is rebased instead: its "before" becomes this mark's "before", so undoing it later
 * does not bring back a flag that was undone (marks can be undone in any order). Chunks gone since (a
 * representative year dropped them) are skipped. Returns how many flags were restored.
 * The caller holds the transaction and the version lock.
 */
export async function undoFlagMark(db: Database, mark: TFlagMarkRow): Promise<number> {
  const store = openTimeSeriesStore(db);
  const marks = new FlagMarkRepository(db);
  const later = await marks.listActiveAfter(mark.versionId, mark.id);
  // Later marks' entries by chunk, oldest mark first, decoded on demand.
  const laterEntries = new Map<
    string,
    { markIndex: number; entry: TFlagUndoEntry; before?: Uint8Array; after?: Uint8Array }[]
  >();
  later.forEach((m, markIndex) => {
    for (const entry of m.undo) {
      const key = chunkKey(entry.channelId, entry.monthStartMs);
      laterEntries.set(key, [...(laterEntries.get(key) ?? []), { markIndex, entry }]);
    }
  });
  const rebased = new Set<number>();
  const byChannel = new Map<number, TFlagUndoEntry[]>();
  for (const e of mark.undo) byChannel.set(e.channelId, [...(byChannel.get(e.channelId) ?? []), e]);
  let restored = 0;
  for (const [channelId, list] of byChannel) {
    const chunks = await store.lockChunks(
      mark.versionId,
      [channelId],
      list.map((e) => e.monthStartMs),
    );
    const writes: { channelId: number; chunk: TChunk }[] = [];
    for (const entry of list) {
      const key = chunkKey(channelId, entry.monthStartMs);
      const chunk = chunks.get(key);
      if (!chunk || chunk.intervalS !== entry.intervalS || chunk.flags.length !== entry.slotCount) continue;
      const before = unpackFlags(entry.before, entry.slotCount);
      const after = unpackFlags(entry.after, entry.slotCount);
      const followers = (laterEntries.get(key) ?? []).filter(
        (f) => f.entry.intervalS === entry.intervalS && f.entry.slotCount === entry.slotCount,
      );
      let changed = 0;
      for (let slot = 0; slot < entry.slotCount; slot++) {
        if (before[slot] === after[slot]) continue;
        const v = chunk.values[slot]!;
        // biome-ignore lint/suspicious/noSelfCompare: NaN test
        if (v !== v) continue;
        if (chunk.flags[slot] === after[slot]) {
          chunk.flags[slot] = before[slot]!;
          changed++;
          continue;
        }
        // A later mark changed this slot: the first one that did now starts from our "before".
        for (const f of followers) {
          f.before ??= unpackFlags(f.entry.before, f.entry.slotCount);
          f.after ??= unpackFlags(f.entry.after, f.entry.slotCount);
          if (f.before[slot] === f.after[slot]) continue;
          if (f.before[slot] === after[slot]) {
            f.before[slot] = before[slot]!;
            rebased.add(f.markIndex);
          }
          break;
        }
      }
      if (changed > 0) {
        restored += changed;
        writes.push({ channelId, chunk });
      }
    }
    await store.writeChunks(mark.versionId, writes);
  }
  for (const markIndex of rebased) {
    const m = later[markIndex]!;
    const undo = m.undo.map((entry) => {
      const f = laterEntries
        .get(chunkKey(entry.channelId, entry.monthStartMs))
        ?.find((x) => x.markIndex === markIndex && x.entry === entry);
      if (!f?.before || !f.after) return entry;
      let changed = 0;
      for (let slot = 0; slot < f.before.length; slot++) if (f.before[slot] !== f.after[slot]) changed++;
      return { ...entry, before: packFlags(f.before), changed };
    });
    await marks.updateUndo(m.id, undo);
  }
  return restored;
}
