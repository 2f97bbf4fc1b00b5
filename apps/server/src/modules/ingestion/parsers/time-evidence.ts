import { createHash } from 'node:crypto';
import type {
  TDoubt,
  TDoubtField,
  TDoubtReason,
  TEvidenceKey,
  TFileKind,
  TInference,
  TInferenceConfidence,
  TRecognizedChannel,
  TTimeEvidence,
} from '@masthub/shared';

/** An inference and what it was read from (`key:text`). */
function ev(confidence: TInferenceConfidence, key: TEvidenceKey, text = ''): TInference {
  return { confidence, evidence: text === '' ? key : `${key}:${text.slice(0, 200)}` };
}

/** A doubt about the file or its time axis (id `field:file`). */
export function fileDoubt(field: TDoubtField, reason: TDoubtReason, params: TDoubt['params']): TDoubt {
  return { id: `${field}:file`, field, column: null, reason, params };
}

/** Kinds whose stamps mark the end of the averaging period by their maker's convention. */
const PERIOD_END_FORMATS: Partial<Record<TFileKind, string>> = {
  toa5: 'Campbell TOA5',
  toaci1: 'Campbell TOACI1',
};

/**
 * What the time axis was read from (issue 40): the stamp column (its title names time, or the stamps
 * alone), the format (ambiguous day/month order is assumed), the zone (a header line or the stamps state
 * it; a device's convention; else nothing — the site's zone is applied later, ingestion-support.ts), the
 * interval (the most common step) and whether stamps end their period (a header line, the format's
 * convention, else the start is assumed).
 */
export function timeEvidence(facts: {
  title: string;
  sample: string;
  format: string;
  isAmbiguous: boolean;
  warnings: readonly string[];
  periodLine: string | undefined;
  kind: TFileKind;
  device: string | undefined;
  stepMinutes: number | null;
  /** Where the file stated the zone the stamps are read in (a header line, the time column's title). */
  statedZone?: { source: 'headerLine' | 'columnTitle'; text: string } | null;
  /** A data-set format whose stamps end their period by convention (TMY3), beside the kind's. */
  periodFormat?: string;
}): TTimeEvidence {
  const title = facts.title.trim().replace(/^"|"$/g, '');
  const zoneFromFile = facts.warnings.find((w) => w.startsWith('timeZoneFromFile:'));
  const zoneOfFormat = facts.warnings.find((w) => w.startsWith('timeZoneOfFormat:'));
  // A zone the file states and the stamps do not override (header-facts.ts pushes the warning then).
  const zone: TInference =
    zoneFromFile && facts.statedZone
      ? ev('stated', facts.statedZone.source, facts.statedZone.text)
      : zoneFromFile
        ? ev('stated', 'headerLine', zoneFromFile.slice('timeZoneFromFile:'.length))
        : facts.format.includes('Z')
          ? ev('stated', 'stampOffset', facts.sample)
          : zoneOfFormat
            ? ev('convention', 'deviceFormat', facts.device ?? facts.kind)
            : ev('assumed', 'none');
  const periodFormat = facts.periodFormat ?? PERIOD_END_FORMATS[facts.kind];
  const periodEnd: TInference = facts.periodLine
    ? ev('stated', 'headerLine', facts.periodLine)
    : facts.device
      ? ev('convention', 'deviceFormat', facts.device)
      : periodFormat
        ? ev('convention', 'deviceFormat', periodFormat)
        : ev('assumed', 'defaultStart');
  return {
    column:
      title !== '' ? ev('stated', 'columnTitle', title) : ev('convention', 'stampPattern', facts.sample),
    format: facts.isAmbiguous
      ? ev('assumed', 'stampPattern', facts.sample)
      : ev('stated', 'stampPattern', facts.sample),
    zone,
    interval:
      facts.stepMinutes === null
        ? ev('assumed', 'none')
        : ev('convention', 'modalStep', String(facts.stepMinutes)),
    periodEnd,
  };
}

/** Channels a device format names by its own columns: each part stated by that format. */
export function withDeviceEvidence(channels: TRecognizedChannel[], device: string): TRecognizedChannel[] {
  const stated = ev('stated', 'deviceFormat', device);
  return channels.map((c) => ({
    ...c,
    evidence: c.evidence ?? { element: stated, statistic: stated, height: stated, unit: stated },
  }));
}

/**
 * The layout of a file as a key: kind, delimiter and the header and units rows. Two files of one logger
 * program share it; a rule confirmed for one reads the next (issue 40 §1).
 */
export function layoutKeyOf(
  kind: TFileKind,
  delimiter: string,
  header: readonly string[],
  unitsRow: readonly string[],
): string {
  const text = [kind, delimiter, header.map((h) => h.trim()).join('\u001f'), unitsRow.join('\u001f')].join(
    '\u001e',
  );
  return `v1:${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
}
