import type { TDoubt, TParseRule, TRecognizedChannel, TRemoteSensingFacts } from '@masthub/shared';
import type { TRawFileSource } from './ingestion.types.ts';
import { withLoggerZone } from './ingestion-support.ts';
import { type ParseRuleRepository, ruleOfRow } from './parse-rules.repository.ts';
import type { TParsedData, TParserPort } from './parser-port.ts';
import { stampDoubts, valueDoubts } from './parsers/index.ts';
import type { RawFileRepository } from './raw-files.repository.ts';
import type { StationLayoutRepository } from './station-layouts.repository.ts';

/** The rule a raw file is (or was) parsed with. */
export interface TRuleSnapshot {
  rule: TParseRule;
  channels: TRecognizedChannel[];
  kind?: string;
  parseRuleId?: number | null;
  remoteSensing?: TRemoteSensingFacts | undefined;
  /** The layout the rule was confirmed for (issue 40), and the doubts a user accepted with it. */
  layoutKey?: string | undefined;
  acceptedDoubts?: string[] | undefined;
}

/**
 * How a raw file is read (issue 40 §1). `watched`: a person chose or confirmed the rule for this very file
 * (a confirmed preview), or the file comes from MastHub itself (the demo seed): its values are not checked
 * again. Otherwise the parsed values are checked, and a doubt the rule did not accept holds the file.
 */
export type TReadPlan =
  | { kind: 'read'; snapshot: TRuleSnapshot; watched: boolean }
  | {
      kind: 'hold';
      reasonKey: 'held_new_layout' | 'held_doubts';
      doubts: TDoubt[];
      layoutKey: string | null;
    };

/** Sources where a person confirms what is read; e-mail and FTP files arrive with nobody watching. */
const UNWATCHED: ReadonlySet<TRawFileSource> = new Set(['email', 'ftp']);

/**
 * The one rule of issue 40 for files of a site: a doubt is shown, never stored silently.
 * - A confirmed preview (the file's rule snapshot) is read as confirmed.
 * - The site's parse rule, written or chosen by a person, reads every file of the site.
 * - Else a layout confirmed for the site (the same kind, delimiter, header and units rows) reads it.
 * - Else the file is recognised: the demo seed's as it is; a direct upload when recognition doubts
 *   nothing (else it is held for the preview); a file from e-mail or FTP is held — a new layout for the
 *   site is confirmed once by its data administrator in the preview, then later files follow it.
 */
export class FileReading {
  constructor(
    private readonly parser: TParserPort,
    private readonly rawFiles: RawFileRepository,
    private readonly rules: ParseRuleRepository,
    private readonly layouts: StationLayoutRepository,
  ) {}

  async plan(
    row: { station_id: number | null; file_name: string; source: TRawFileSource; rule_snapshot: unknown },
    bytes: Uint8Array,
  ): Promise<TReadPlan> {
    const stationId = row.station_id!;
    const confirmed = row.rule_snapshot as TRuleSnapshot | null;
    if (confirmed?.rule) {
      const channels = Array.isArray(confirmed.channels) ? confirmed.channels : [];
      return { kind: 'read', snapshot: { ...confirmed, channels }, watched: true };
    }
    const siteRule = await this.siteRule(stationId, row.file_name, bytes);
    if (siteRule) return { kind: 'read', snapshot: siteRule, watched: row.source === 'seed' };
    const recognition = withLoggerZone(
      this.parser.recognize(row.file_name, bytes, { checkValues: false }),
      (await this.rawFiles.findStationLoggerOffset(stationId)) ?? 480,
    );
    const layoutKey = recognition.layoutKey ?? null;
    const layout = layoutKey ? await this.layouts.find(stationId, layoutKey) : undefined;
    if (layout) {
      return {
        kind: 'read',
        snapshot: {
          rule: layout.rule,
          channels: layout.channels,
          kind: layout.kind,
          parseRuleId: null,
          remoteSensing: recognition.remoteSensing,
          layoutKey: layout.layoutKey,
          acceptedDoubts: layout.acceptedDoubts,
        },
        watched: false,
      };
    }
    const snapshot: TRuleSnapshot = {
      rule: recognition.rule,
      channels: recognition.channels,
      kind: recognition.kind,
      parseRuleId: null,
      remoteSensing: recognition.remoteSensing,
      layoutKey: layoutKey ?? undefined,
    };
    if (row.source === 'seed') return { kind: 'read', snapshot, watched: true };
    if (UNWATCHED.has(row.source)) {
      return { kind: 'hold', reasonKey: 'held_new_layout', doubts: recognition.doubts, layoutKey };
    }
    if (recognition.doubts.length > 0) {
      return { kind: 'hold', reasonKey: 'held_doubts', doubts: recognition.doubts, layoutKey };
    }
    return { kind: 'read', snapshot, watched: false };
  }

  /**
   * The rule of a file a person imports into a working version (MeasureWind import, they are watching):
   * the site's parse rule, else a layout confirmed for the site, else recognition.
   */
  async ruleForImport(stationId: number, fileName: string, bytes: Uint8Array): Promise<TRuleSnapshot> {
    const plan = await this.plan(
      { station_id: stationId, file_name: fileName, source: 'seed', rule_snapshot: null },
      bytes,
    );
    if (plan.kind === 'hold') throw new Error('an import is never held');
    return plan.snapshot;
  }

  /** The site's own parse rule (with recognition naming the channels of a rule that maps none). */
  private async siteRule(
    stationId: number,
    fileName: string,
    bytes: Uint8Array,
  ): Promise<TRuleSnapshot | null> {
    const parseRuleId = await this.rawFiles.findStationParseRuleId(stationId);
    if (!parseRuleId) return null;
    const ruleRow = await this.rules.findById(parseRuleId);
    if (!ruleRow) return null;
    const rule = ruleOfRow(ruleRow);
    const channels = ruleRow.channels as TRecognizedChannel[];
    if (channels.length > 0) return { rule, channels, kind: 'rule', parseRuleId };
    const recognition = this.parser.recognize(fileName, bytes, { checkValues: false });
    return { rule, channels: recognition.channels, kind: recognition.kind, parseRuleId };
  }

  /**
   * The doubts the parsed values raise that the rule did not accept (a file nobody watched being read:
   * a pressure column that now reads in tenths, stamps in 2199); none for a watched file.
   */
  static unacceptedValueDoubts(plan: Extract<TReadPlan, { kind: 'read' }>, parsed: TParsedData): TDoubt[] {
    if (plan.watched) return [];
    const accepted = new Set(plan.snapshot.acceptedDoubts ?? []);
    const times = parsed.timesMs;
    return [...stampDoubts(times[0], times[times.length - 1]), ...valueDoubts(parsed.columns, false)].filter(
      (doubt) => !accepted.has(doubt.id),
    );
  }
}
