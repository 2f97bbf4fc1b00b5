import type { TimeGrid } from '../model/types.ts';
import { ICING_SYMPTOMS, type IcingSymptom, symptomBit } from './icing-state.ts';

/** Why a record counts as icing: an instrumental symptom, or the meteorological condition. */
export type IcingReason = IcingSymptom | 'cold-and-humid';

/** A period of icing. `endMs` is the end of its last record (exclusive). */
export interface IcingPeriod {
  startMs: number;
  endMs: number;
  kind: 'meteorological' | 'instrumental';
  evidence: {
    /** The reasons seen in the period, in {@link ICING_SYMPTOMS} order. */
    reasons: IcingReason[];
    /** Records of the period showing each reason. */
    counts: Partial<Record<IcingReason, number>>;
    /** The channels whose records were judged. */
    channels: string[];
    /** Records in the period. */
    records: number;
  };
}

/**
 * Runs of 1 in `mask` as periods; runs separated by fewer than `bridgeSlots` records are one period (the
 * records between them stay out of the counts).
 */
export function maskToPeriods(input: {
  grid: TimeGrid;
  mask: ArrayLike<number>;
  kind: IcingPeriod['kind'];
  channels: string[];
  /** Per record, the bits of the instrumental symptoms present (instrumental periods). */
  symptoms?: ArrayLike<number>;
  bridgeSlots?: number;
}): IcingPeriod[] {
  const { grid, mask } = input;
  const step = grid.intervalMinutes * 60_000;
  const bridge = input.bridgeSlots ?? 0;
  const out: IcingPeriod[] = [];
  let i = 0;
  while (i < mask.length) {
    if (!mask[i]) {
      i++;
      continue;
    }
    const start = i;
    let end = i; // last record with mask 1
    let records = 0;
    const counts = new Map<IcingReason, number>();
    for (let k = i; k < mask.length; k++) {
      if (mask[k]) {
        end = k;
        records++;
        if (input.symptoms) {
          for (const s of ICING_SYMPTOMS)
            if (input.symptoms[k]! & symptomBit(s)) counts.set(s, (counts.get(s) ?? 0) + 1);
        } else counts.set('cold-and-humid', (counts.get('cold-and-humid') ?? 0) + 1);
      } else if (k - end >= bridge) break;
    }
    const reasons = ([...ICING_SYMPTOMS, 'cold-and-humid'] as IcingReason[]).filter((r) => counts.has(r));
    out.push({
      startMs: grid.startMs + start * step,
      endMs: grid.startMs + (end + 1) * step,
      kind: input.kind,
      evidence: {
        reasons,
        counts: Object.fromEntries(counts),
        channels: input.channels,
        records,
      },
    });
    i = end + 1;
  }
  return out;
}
