import {
  QC_RULE_KINDS,
  type TQcRuleKind,
  ZCustomParams,
  ZHeightDiffParams,
  ZLidarFilterParams,
  ZMissingDaysParams,
  ZRangeParams,
  ZTrendParams,
} from '@masthub/shared';
import {
  buildCalendarIndex,
  type CalendarIndex,
  type Channel,
  type ChannelStatistic,
  checkInternalConsistency,
  checkLidarFilters,
  checkRange,
  checkRelational,
  checkTrend,
  type Element,
  evaluateCustomRule,
  type FlagChange,
  type FlagCode,
  findMissingDays,
  type RuleExpression,
  type Station,
  strongerFlag,
} from '@masthub/wind';
import type { z } from 'zod';

/** A stored rule as a QC run gets it (QcRuleRepository.listForRun): params are re-checked here. */
export interface TQcRuleForRun {
  id: number;
  name: string;
  /** The key of a built-in rule's name (shared BUILTIN_NAMES), for texts that name the rule. */
  builtinKey?: string | null;
  kind: TQcRuleKind;
  params: Record<string, unknown>;
}

export interface TQcMissingDays {
  ruleId: number;
  channelId: string;
  days: { year: number; month: number; day: number; valueCount: number }[];
}

/** Why a rule did nothing: the site has no channel it can check, or its stored params are not valid. */
export type TQcSkipReason = 'no_channel' | 'invalid_params';

export interface TQcEvaluation {
  /** Flag changes in the order they were found; `rule` is `rule:<id>`, or `internal` for the always-on checks. */
  changes: FlagChange[];
  /** Data-missing-days rules: per checked channel with at least one such day (report only, no flags). */
  missingDays: TQcMissingDays[];
  skipped: { ruleId: number; reason: TQcSkipReason }[];
}

/** Rule id of the always-on internal consistency checks (min ≤ avg ≤ max, 0 ≤ sd ≤ max − min). */
export const INTERNAL_RULE = 'internal';

/** Channels at a height within this distance count as "at" it (logger heights carry decimals). */
const HEIGHT_TOLERANCE_M = 0.05;

/** Order a run applies rule kinds in: hard limits first, so later tests see the values already invalid. */
const RUN_ORDER: readonly TQcRuleKind[] = [
  'lidar_filter',
  'range',
  'trend',
  'height_diff',
  'custom',
  'missing_days',
];

/** Channels a lidar/sodar filter flags: horizontal speed, direction and vertical speed, every statistic. */
const LIDAR_TARGET_ELEMENTS = new Set(['ws', 'wd', 'wsv']);

type TRangeParams = z.output<typeof ZRangeParams>;
type TTrendParams = z.output<typeof ZTrendParams>;
type THeightDiffParams = z.output<typeof ZHeightDiffParams>;
type TMissingDaysParams = z.output<typeof ZMissingDaysParams>;
type TCustomParams = z.output<typeof ZCustomParams>;
type TLidarFilterParams = z.output<typeof ZLidarFilterParams>;

/**
 * Runs the always-on internal checks, then a site's quality-control rules (SPEC §3, WIND-ANALYSIS §2)
 * on its channels with packages/wind, and returns the flag changes without applying them. Each rule
 * sees the flags raised by the checks before it (so an invalid value does not enter a trend's hourly
 * mean and a value is not flagged twice); applying all changes with `applyFlagChanges` gives the same
 * result in any order, since flags only ever get stronger.
 *
 * - range: every avg, max and min channel of the element; values outside [min, max] get the flag.
 * - trend: every avg channel of the element, on local clock hours.
 * - height_diff: avg channels of the element at the lower × upper height (both flagged); at equal
 *   heights, every pair of redundant sensors.
 * - missing_days: every avg channel of the element; reported, never flagged.
 * - custom: each condition reads the channels of its element and statistic at its height, or at every
 *   height (the condition must then hold at every height); every channel of the target element is flagged.
 * - lidar_filter (issue 31): per height of a lidar or sodar, availability / CNR / quality-factor /
 *   invalid-marker filters of packages/wind (checkLidarFilters) flag the height's speed, direction and
 *   vertical-speed channels; the rule's measurement types were matched by listForRun.
 * Warning rules (no_data_days) are not quality control and are ignored.
 */
export function evaluateQcRules(station: Station, rules: readonly TQcRuleForRun[]): TQcEvaluation {
  const run = new QcRun(station);
  run.checkInternalConsistency();
  const ordered = [...rules]
    .filter((r) => r.kind !== 'no_data_days')
    .sort((a, b) => rank(a.kind) - rank(b.kind));
  for (const rule of ordered) run.apply(rule);
  return { changes: run.changes, missingDays: run.missingDays, skipped: run.skipped };
}

function rank(kind: TQcRuleKind): number {
  const i = RUN_ORDER.indexOf(kind);
  return i < 0 ? RUN_ORDER.length : i;
}

function isAt(channel: Channel, heightM: number): boolean {
  return Math.abs(channel.heightM - heightM) <= HEIGHT_TOLERANCE_M;
}

/** The working state of one evaluation: flags as raised so far, and what was found. */
class QcRun {
  readonly changes: FlagChange[] = [];
  readonly missingDays: TQcMissingDays[] = [];
  readonly skipped: { ruleId: number; reason: TQcSkipReason }[] = [];
  private readonly flags = new Map<string, Uint8Array>();
  private calendarIndex: CalendarIndex | undefined;

  constructor(private readonly station: Station) {
    for (const c of station.channels) {
      const n = c.values.length;
      if (n !== station.grid.length) throw new Error('evaluateQcRules requires channels on the station grid');
      this.flags.set(c.id, c.flags ? Uint8Array.from(c.flags) : new Uint8Array(n));
    }
  }

  private get calendar(): CalendarIndex {
    this.calendarIndex ??= buildCalendarIndex(this.station.grid, this.station.utcOffsetHours);
    return this.calendarIndex;
  }

  /** A channel as the checks see it now: its values with the flags raised so far. */
  private view(channel: Channel): Channel {
    return { ...channel, flags: this.flags.get(channel.id)! };
  }

  private channels(element: Element, statistics: readonly ChannelStatistic[]): Channel[] {
    return this.station.channels
      .filter((c) => c.element === element && statistics.includes(c.statistic))
      .map((c) => this.view(c));
  }

  /** Keeps changes, raising the working flags so later checks see them. */
  private record(found: readonly FlagChange[], rule: string): void {
    for (const change of found) {
      const flags = this.flags.get(change.channelId)!;
      flags[change.index] = strongerFlag(flags[change.index]! as FlagCode, change.toFlag);
      this.changes.push(change.rule === rule ? change : { ...change, rule });
    }
  }

  /**
   * Internal checks per sensor: the avg, sd, max and min channels of one element, height and boom. When a
   * height has redundant sensors, their channels are matched in order if every statistic has as many
   * channels as avg; otherwise that height is left out rather than pairing the wrong channels. Directions
   * are checked for sd ≥ 0 only (a vane's max/min are not bounds of its vector mean).
   */
  checkInternalConsistency(): void {
    const groups = new Map<string, Channel[]>();
    for (const c of this.station.channels) {
      const key = `${c.element}|${c.heightM}|${c.boomOrientationDeg ?? ''}`;
      const group = groups.get(key) ?? [];
      group.push(c);
      groups.set(key, group);
    }
    for (const group of groups.values()) {
      const of = (statistic: ChannelStatistic) =>
        group.filter((c) => c.statistic === statistic).map((c) => this.view(c));
      const avg = of('avg');
      if (avg.length === 0) continue;
      const isDirection = group[0]!.element === 'wd';
      const others = { sd: of('sd'), max: isDirection ? [] : of('max'), min: isDirection ? [] : of('min') };
      if (Object.values(others).some((list) => list.length > 0 && list.length !== avg.length)) continue;
      avg.forEach((a, k) => {
        const sensor = {
          avg: a,
          ...(others.sd[k] ? { sd: others.sd[k] } : {}),
          ...(others.max[k] ? { max: others.max[k] } : {}),
          ...(others.min[k] ? { min: others.min[k] } : {}),
        };
        if (Object.keys(sensor).length === 1) return;
        this.record(checkInternalConsistency(sensor, { rule: INTERNAL_RULE }), INTERNAL_RULE);
      });
    }
  }

  apply(rule: TQcRuleForRun): void {
    const parsed = parseParams(rule);
    if (!parsed) {
      this.skipped.push({ ruleId: rule.id, reason: 'invalid_params' });
      return;
    }
    const id = `rule:${rule.id}`;
    const isDone = (() => {
      switch (parsed.kind) {
        case 'range':
          return this.range(parsed.params, id);
        case 'trend':
          return this.trend(parsed.params, id);
        case 'height_diff':
          return this.heightDiff(parsed.params, id);
        case 'missing_days':
          return this.missing(parsed.params, rule.id);
        case 'custom':
          return this.custom(parsed.params, id);
        case 'lidar_filter':
          return this.lidarFilter(parsed.params, id);
      }
    })();
    if (!isDone) this.skipped.push({ ruleId: rule.id, reason: 'no_channel' });
  }

  private range(p: TRangeParams, rule: string): boolean {
    const channels = this.channels(p.element, ['avg', 'max', 'min']);
    for (const c of channels)
      this.record(checkRange(c, { min: p.min, max: p.max, flag: p.flag, rule }), rule);
    return channels.length > 0;
  }

  private trend(p: TTrendParams, rule: string): boolean {
    const channels = this.channels(p.element, ['avg']);
    for (const c of channels) {
      const found = checkTrend(c, this.calendar, {
        maxChange: p.maxChange,
        windowHours: p.windowHours,
        flag: p.flag,
        rule,
      });
      this.record(found, rule);
    }
    return channels.length > 0;
  }

  private heightDiff(p: THeightDiffParams, rule: string): boolean {
    const avg = this.station.channels.filter((c) => c.element === p.element && c.statistic === 'avg');
    const lower = avg.filter((c) => isAt(c, p.lowerHeight));
    const upper = avg.filter((c) => isAt(c, p.upperHeight));
    const pairs: [Channel, Channel][] = [];
    if (Math.abs(p.upperHeight - p.lowerHeight) <= HEIGHT_TOLERANCE_M) {
      for (let i = 0; i < lower.length; i++)
        for (let j = i + 1; j < lower.length; j++) pairs.push([lower[i]!, lower[j]!]);
    } else {
      for (const a of upper) for (const b of lower) if (a !== b) pairs.push([a, b]);
    }
    for (const [a, b] of pairs) {
      const found = checkRelational(this.view(a), this.view(b), {
        maxDifference: p.maxDifference,
        isDirection: p.element === 'wd',
        flag: p.flag,
        rule,
      });
      this.record(found, rule);
    }
    return pairs.length > 0;
  }

  private missing(p: TMissingDaysParams, ruleId: number): boolean {
    const channels = this.channels(p.element, ['avg']);
    for (const c of channels) {
      const { days } = findMissingDays(c.values, this.calendar, { minValuesPerDay: p.minValuesPerDay });
      if (days.length > 0) this.missingDays.push({ ruleId, channelId: c.id, days });
    }
    return channels.length > 0;
  }

  private lidarFilter(p: TLidarFilterParams, rule: string): boolean {
    const kindOf = (c: Channel) => c.sourceElement ?? c.element;
    const heights = [...new Set(this.station.channels.map((c) => c.heightM))];
    let isDone = false;
    for (const heightM of heights) {
      const atHeight = this.station.channels.filter((c) => c.heightM === heightM);
      const targets = atHeight.filter((c) => LIDAR_TARGET_ELEMENTS.has(kindOf(c))).map((c) => this.view(c));
      if (targets.length === 0) continue;
      const signal = (kind: string) =>
        atHeight.find((c) => kindOf(c) === kind && c.statistic === 'avg')?.values;
      const availability = p.availabilityMin === null ? undefined : signal('avail');
      const cnrDb = p.cnrMinDb === null ? undefined : signal('cnr');
      const quality = p.qualityMin === null ? undefined : signal('qf');
      if (!availability && !cnrDb && !quality && p.invalidMarkers.length === 0) continue;
      isDone = true;
      const found = checkLidarFilters(
        targets,
        {
          ...(availability ? { availability } : {}),
          ...(cnrDb ? { cnrDb } : {}),
          ...(quality ? { quality } : {}),
        },
        {
          ...(p.availabilityMin !== null ? { availabilityMin: p.availabilityMin } : {}),
          ...(p.cnrMinDb !== null ? { cnrMinDb: p.cnrMinDb } : {}),
          ...(p.qualityMin !== null ? { qualityMin: p.qualityMin } : {}),
          ...(p.invalidMarkers.length > 0 ? { invalidMarkers: p.invalidMarkers } : {}),
          flag: p.flag,
        },
      );
      this.record(found, rule);
    }
    return isDone;
  }

  private custom(p: TCustomParams, rule: string): boolean {
    const parts: RuleExpression[] = [];
    for (const condition of p.conditions) {
      const channels = this.station.channels.filter(
        (c) =>
          c.element === condition.element &&
          c.statistic === condition.statistic &&
          (condition.heightM === null || isAt(c, condition.heightM)),
      );
      if (channels.length === 0) return false;
      const each = channels.map((c) => ({
        channelId: c.id,
        comparator: condition.comparator,
        threshold: condition.threshold,
      }));
      parts.push(each.length === 1 ? each[0]! : { and: each });
    }
    const joined: RuleExpression =
      parts.length === 1 ? parts[0]! : p.combine === 'and' ? { and: parts } : { or: parts };
    const expression: RuleExpression = p.negate ? { not: joined } : joined;
    const targetElement = p.targetElement ?? p.conditions[0]!.element;
    const targets = this.station.channels.filter((c) => c.element === targetElement);
    if (targets.length === 0) return false;
    const found = evaluateCustomRule(
      { id: rule, expression, targetChannelIds: targets.map((c) => c.id), flag: p.flag },
      this.station.channels.map((c) => this.view(c)),
    );
    this.record(found, rule);
    return true;
  }
}

type TParsed =
  | { kind: 'range'; params: TRangeParams }
  | { kind: 'trend'; params: TTrendParams }
  | { kind: 'height_diff'; params: THeightDiffParams }
  | { kind: 'missing_days'; params: TMissingDaysParams }
  | { kind: 'custom'; params: TCustomParams }
  | { kind: 'lidar_filter'; params: TLidarFilterParams };

/** The rule's params re-checked with the shared schema of its kind (stored junk must not crash a run). */
function parseParams(rule: TQcRuleForRun): TParsed | undefined {
  if (!(QC_RULE_KINDS as readonly string[]).includes(rule.kind)) return undefined;
  switch (rule.kind) {
    case 'range': {
      const r = ZRangeParams.safeParse(rule.params);
      return r.success ? { kind: 'range', params: r.data } : undefined;
    }
    case 'trend': {
      const r = ZTrendParams.safeParse(rule.params);
      return r.success ? { kind: 'trend', params: r.data } : undefined;
    }
    case 'height_diff': {
      const r = ZHeightDiffParams.safeParse(rule.params);
      return r.success ? { kind: 'height_diff', params: r.data } : undefined;
    }
    case 'missing_days': {
      const r = ZMissingDaysParams.safeParse(rule.params);
      return r.success ? { kind: 'missing_days', params: r.data } : undefined;
    }
    case 'custom': {
      const r = ZCustomParams.safeParse(rule.params);
      return r.success ? { kind: 'custom', params: r.data } : undefined;
    }
    case 'lidar_filter': {
      const r = ZLidarFilterParams.safeParse(rule.params);
      return r.success ? { kind: 'lidar_filter', params: r.data } : undefined;
    }
    default:
      return undefined;
  }
}
