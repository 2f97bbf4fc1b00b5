/**
 * What a Task 43 import keeps beside MastHub's rows, and how an export lays MastHub's values over it
 * (issue 44). `keep` copies an object as it came, leaving out the arrays MastHub keeps in rows of their own;
 * a property MastHub holds in a column is kept only as a null marker (so an export writes a property back
 * exactly when the file had it). `overlay` writes MastHub's values over the kept object: a value wins, a null
 * value is written only where the file had the property.
 */

export type TJsonObject = Record<string, unknown>;

/** A copy of `object` without `dropped` keys; `modelled` keys that were present become null markers. */
export function keep(
  object: TJsonObject,
  modelled: readonly string[],
  dropped: readonly string[] = [],
): TJsonObject {
  const out: TJsonObject = {};
  for (const [key, value] of Object.entries(object)) {
    if (dropped.includes(key)) continue;
    // A modelled text with spaces around it (MastHub trims) is kept as written, to be given back.
    const spaced = typeof value === 'string' && value.trim() !== value;
    out[key] = modelled.includes(key) && !spaced ? null : value;
  }
  return out;
}

/** `kept` with MastHub's `values` over it (key order as the file had it, new keys after). */
export function overlay(kept: TJsonObject | undefined, values: TJsonObject): TJsonObject {
  const out: TJsonObject = { ...kept };
  for (const [key, value] of Object.entries(values)) {
    const empty = value === null || value === undefined || value === '';
    const written = kept?.[key];
    if (!empty) out[key] = typeof written === 'string' && written.trim() === value ? written : value;
    else if (kept && key in kept) out[key] = kept[key] === undefined ? null : (kept[key] ?? null);
  }
  return out;
}

/** The kept object of a row without MastHub's bookkeeping (its place in the file). */
export function withoutIndex(kept: TJsonObject | undefined): TJsonObject {
  const { index: _index, ...rest } = kept ?? {};
  return rest;
}
