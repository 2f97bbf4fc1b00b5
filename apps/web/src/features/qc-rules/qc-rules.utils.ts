import {
  QC_RULE_PARAMS,
  type TCustomCondition,
  type TQcRule,
  type TQcRuleKind,
  type TQcRuleType,
} from '@masthub/shared';

/** Translates a key of the `qc-rules` locale area (i18next's `t`, or a stand-in in tests). */
export type TTranslate = (key: string, options?: Record<string, unknown>) => string;

/** Rule kinds a rule type offers in the form. */
export const KINDS_OF_TYPE: Record<TQcRuleType, readonly TQcRuleKind[]> = {
  auto_quality: ['range', 'trend', 'height_diff', 'missing_days', 'custom', 'lidar_filter'],
  warn: ['no_data_days'],
};

export const RULE_FLAGS = [2, 3, 4] as const;
export const STATISTICS = ['avg', 'sd', 'max', 'min'] as const;
export const COMPARATORS = ['<', '<=', '>', '>=', '==', '!='] as const;

/** How comparators read in the table. */
export const COMPARATOR_SYMBOLS: Record<(typeof COMPARATORS)[number], string> = {
  '<': '<',
  '<=': '≤',
  '>': '>',
  '>=': '≥',
  '==': '=',
  '!=': '≠',
};

/** Units of the elements (packages/wind element codes). */
export const ELEMENT_UNITS: Record<string, string> = { ws: 'm/s', wd: '°', T: '°C', RH: '%', p: 'hPa' };

/** Parameters a new rule of a kind starts with (the defaults of WIND-ANALYSIS §2.1). */
export function defaultParams(kind: TQcRuleKind): Record<string, unknown> {
  switch (kind) {
    case 'range':
      return { element: 'ws', min: 0, max: 40, flag: 3 };
    case 'trend':
      return { element: 'ws', maxChange: 6, windowHours: 1, flag: 2 };
    case 'height_diff':
      return { element: 'ws', lowerHeight: 30, upperHeight: 50, maxDifference: 2, flag: 2 };
    case 'missing_days':
      return { element: 'ws', minValuesPerDay: 1 };
    case 'custom':
      return {
        combine: 'and',
        negate: false,
        conditions: [defaultCondition()],
        targetElement: null,
        flag: 2,
      };
    case 'no_data_days':
      return { days: 3 };
    case 'lidar_filter':
      return {
        deviceTypes: ['lidar', 'floating_lidar'],
        availabilityMin: 80,
        cnrMinDb: -22,
        qualityMin: null,
        invalidMarkers: [],
        flag: 3,
      };
  }
}

/** Lidar/sodar filter thresholds that may be empty: an empty one turns its filter off. */
const LIDAR_OPTIONAL = ['availabilityMin', 'cnrMinDb', 'qualityMin'];

export function defaultCondition(): Record<string, unknown> {
  return { element: 'ws', heightM: null, statistic: 'avg', comparator: '<', threshold: 0 };
}

export interface QcRuleFormValues {
  name: string;
  kind: TQcRuleKind;
  scope: 'all' | 'station';
  stationId: number | null;
  isEnabled: boolean;
  notes: string;
  params: Record<string, unknown>;
}

export function toQcRuleForm(record: TQcRule | undefined, ruleType: TQcRuleType): QcRuleFormValues {
  if (!record) {
    const kind = KINDS_OF_TYPE[ruleType][0]!;
    return {
      name: '',
      kind,
      scope: 'all',
      stationId: null,
      isEnabled: true,
      notes: '',
      params: defaultParams(kind),
    };
  }
  const params = { ...record.params };
  if (record.kind === 'custom') params.targetElement ??= null;
  return {
    name: record.name,
    kind: record.kind,
    scope: record.stationId === null ? 'all' : 'station',
    stationId: record.stationId,
    isEnabled: record.isEnabled,
    notes: record.notes,
    params,
  };
}

/** Empty number inputs give null: leave the key out so the schema reports the field as required. */
function withoutNulls(
  params: Record<string, unknown>,
  keep: readonly string[] = [],
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(params).filter(
      ([key, value]) => value !== undefined && (value !== null || keep.includes(key)),
    ),
  );
}

/** The save request of the form (checked by ZQcRuleSave on both sides). */
export function toQcRuleSave(
  values: Partial<QcRuleFormValues>,
  ruleType: TQcRuleType,
  id: number | undefined,
): Record<string, unknown> {
  const kind = values.kind ?? KINDS_OF_TYPE[ruleType][0]!;
  const raw = values.params ?? {};
  let params = withoutNulls(raw, kind === 'lidar_filter' ? LIDAR_OPTIONAL : []);
  if (kind === 'lidar_filter') {
    const markers = Array.isArray(raw.invalidMarkers) ? raw.invalidMarkers : [];
    params = { ...params, invalidMarkers: markers.map((m) => Number(String(m).replace(',', '.'))) };
  }
  if (kind === 'custom') {
    const conditions = Array.isArray(raw.conditions) ? (raw.conditions as Record<string, unknown>[]) : [];
    params = {
      ...params,
      conditions: conditions.map((c) => ({ ...withoutNulls(c ?? {}), heightM: c?.heightM ?? null })),
    };
  }
  return {
    ...(id !== undefined ? { id } : {}),
    ruleType,
    kind,
    name: values.name ?? '',
    stationId: values.scope === 'station' ? (values.stationId ?? null) : null,
    isEnabled: values.isEnabled ?? true,
    notes: values.notes ?? '',
    params,
  };
}

/** The element a rule is about: its element, a custom rule's target, none for warning rules. */
export function ruleElement(rule: Pick<TQcRule, 'kind' | 'params'>): string | undefined {
  const params = rule.params as { element?: unknown; targetElement?: unknown; conditions?: unknown };
  if (rule.kind === 'custom') {
    const first = Array.isArray(params.conditions)
      ? (params.conditions[0] as { element?: unknown })
      : undefined;
    const element = params.targetElement ?? first?.element;
    return typeof element === 'string' ? element : undefined;
  }
  return typeof params.element === 'string' ? params.element : undefined;
}

/** The parsed parameters of each rule kind (what its schema's `safeParse` gives). */
type TRuleParams = {
  [K in keyof typeof QC_RULE_PARAMS]: Extract<
    ReturnType<(typeof QC_RULE_PARAMS)[K]['safeParse']>,
    { success: true }
  >['data'];
};

/** Names of elements and flags, and the translation, that a rule's summary is written with. */
interface TSummaryWords {
  t: TTranslate;
  element: (code: string) => string;
  flag: (code: number) => string;
}

/** The parameters of each kind's summary text (`qc-rules.summary.<kind>`). */
const SUMMARY_PARAMS: {
  [K in keyof TRuleParams]: (p: TRuleParams[K], words: TSummaryWords) => Record<string, unknown>;
} = {
  range: (p, { element, flag }) => ({
    element: element(p.element),
    min: p.min,
    max: p.max,
    unit: ELEMENT_UNITS[p.element],
    flag: flag(p.flag),
  }),
  trend: (p, { element, flag }) => ({
    element: element(p.element),
    hours: p.windowHours,
    change: p.maxChange,
    unit: ELEMENT_UNITS[p.element],
    flag: flag(p.flag),
  }),
  height_diff: (p, { element, flag }) => ({
    element: element(p.element),
    upper: p.upperHeight,
    lower: p.lowerHeight,
    difference: p.maxDifference,
    unit: ELEMENT_UNITS[p.element],
    flag: flag(p.flag),
  }),
  missing_days: (p, { element }) => ({ element: element(p.element), count: p.minValuesPerDay }),
  custom: (p, { t, element, flag }) => {
    const joined = p.conditions.map((c) => describeCondition(c, t)).join(t(`qc-rules.summary.${p.combine}`));
    return {
      expression: p.negate ? t('qc-rules.summary.not', { expression: joined }) : joined,
      target: element(p.targetElement ?? p.conditions[0]!.element),
      flag: flag(p.flag),
    };
  },
  no_data_days: (p) => ({ days: p.days }),
  lidar_filter: (p, { t, flag }) => {
    const off = t('qc-rules.summary.off');
    return {
      types: p.deviceTypes.map((d) => t(`qc-rules.deviceTypes.${d}`)).join(', '),
      availability: p.availabilityMin ?? off,
      cnr: p.cnrMinDb ?? off,
      quality: p.qualityMin ?? off,
      markers: p.invalidMarkers.length > 0 ? p.invalidMarkers.join(', ') : off,
      flag: flag(p.flag),
    };
  },
};

/** The parameters of a rule in words: `风速 0–40 m/s → 无效`. */
export function describeQcRule(rule: Pick<TQcRule, 'kind' | 'params'>, t: TTranslate): string {
  const kind = rule.kind as keyof TRuleParams;
  const parsed = QC_RULE_PARAMS[kind]?.safeParse(rule.params);
  if (!parsed?.success) return t('qc-rules.summary.invalid');
  const words: TSummaryWords = {
    t,
    element: (code) => t(`qc-rules.elements.${code}`),
    flag: (code) => t(`qc-rules.flags.${code}`),
  };
  const describe = SUMMARY_PARAMS[kind] as (p: unknown, words: TSummaryWords) => Record<string, unknown>;
  return t(`qc-rules.summary.${kind}`, describe(parsed.data, words));
}

function describeCondition(c: TCustomCondition, t: TTranslate): string {
  const element = t(`qc-rules.elements.${c.element}`);
  const subject =
    c.heightM === null ? element : t('qc-rules.summary.elementAt', { element, height: c.heightM });
  const comparator = COMPARATOR_SYMBOLS[c.comparator];
  return c.statistic === 'avg'
    ? t('qc-rules.summary.condition', { subject, comparator, threshold: c.threshold })
    : t('qc-rules.summary.conditionStatistic', {
        subject,
        statistic: t(`qc-rules.statistics.${c.statistic}`),
        comparator,
        threshold: c.threshold,
      });
}
