/**
 * The IEA ice classification, IEA Wind Task 19, "Wind energy in cold climates — Expert group study on
 * recommended practices 13", 2nd edition 2017, the IEA ice classification table (also in the Task 19
 * "Available technologies of wind energy in cold climates" report, 2nd edition 2016): the class follows from
 * the share of the year with meteorological icing; instrumental icing and the expected production loss are
 * the typical ranges of each class (percent of the year / of the annual energy production; the ranges of
 * neighbouring classes overlap in the table). Ranges are [min, max]; `null` = open above.
 */
export interface IceClassRow {
  iceClass: 1 | 2 | 3 | 4 | 5;
  meteorologicalPct: [number, number | null];
  instrumentalPct: [number, number | null];
  productionLossPct: [number, number | null];
}

export const IEA_ICE_CLASSES: readonly IceClassRow[] = [
  { iceClass: 1, meteorologicalPct: [0, 0.5], instrumentalPct: [0, 1.5], productionLossPct: [0, 0.5] },
  { iceClass: 2, meteorologicalPct: [0.5, 3], instrumentalPct: [1, 9], productionLossPct: [0.5, 5] },
  { iceClass: 3, meteorologicalPct: [3, 5], instrumentalPct: [6, 15], productionLossPct: [3, 12] },
  { iceClass: 4, meteorologicalPct: [5, 10], instrumentalPct: [10, 30], productionLossPct: [10, 25] },
  { iceClass: 5, meteorologicalPct: [10, null], instrumentalPct: [20, null], productionLossPct: [20, null] },
];

/**
 * The IEA ice class of a meteorological icing share (percent of the year). The table writes "0–0.5",
 * "0.5–3", …, "> 10": a share exactly on an edge (0.5, 3, 5, 10) takes the lower class; above 10 % is class 5.
 */
export function iceClassOf(meteorologicalPct: number): IceClassRow {
  if (!(meteorologicalPct >= 0 && meteorologicalPct <= 100))
    throw new Error('iceClassOf requires a share in [0, 100] %');
  for (const row of IEA_ICE_CLASSES) {
    const upper = row.meteorologicalPct[1];
    if (upper === null || meteorologicalPct <= upper) return row;
  }
  return IEA_ICE_CLASSES[4]!;
}
