import {
  ENERGY_UNCERTAINTY_TYPED_KEYS,
  type TEnergyResult,
  type TEnergyUncertaintyComponent,
  type TEnergyUncertaintyOverride,
  type TEnergyUncertaintyTypedKey,
} from '@masthub/shared';
import { Button, Card, Flex, InputNumber, Segmented, Space, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../ui/PermissionButton.tsx';
import { WholeTable } from '../../ui/table/WholeTable.tsx';
import { saveUncertaintyOverride } from './api.ts';
import { recomputeChain } from './uncertainty-recompute.ts';

const HOW_COLOUR = { computed: 'green', default: 'blue', typed: 'orange' } as const;
const isTyped = (key: string): key is TEnergyUncertaintyTypedKey =>
  (ENERGY_UNCERTAINTY_TYPED_KEYS as readonly string[]).includes(key);
const pct = (v: number, digits = 2) => (v * 100).toFixed(digits);
const mwh = (v: number) =>
  v.toLocaleString(undefined, { maximumFractionDigits: 1, minimumFractionDigits: 1 });

/**
 * The uncertainty chain of the yield (issue 46 §1): each component in its IEC 61400-15-2 category with its
 * value (% of wind speed or of energy), in energy, how it was obtained (computed / default / typed, a typed
 * one with who and when) and the formula; typed components edited in place (saved for the version) and
 * P50…P99 for 1, 10 and 20 years recomputed at once.
 */
export function EnergyUncertaintyTable({ result }: { result: TEnergyResult }) {
  const { t } = useTranslation();
  const canType = useCan('data.process');
  const turbines = result.turbines.filter((r) => r.uncertainty);
  const [turbineId, setTurbineId] = useState(turbines[0]?.turbineId);
  const [typed, setTyped] = useState<Partial<Record<TEnergyUncertaintyTypedKey, number | null>>>({});
  const [overrides, setOverrides] = useState<TEnergyUncertaintyOverride[]>(result.uncertaintyOverrides);
  const [saving, setSaving] = useState<string>();
  // A new calculation: its own overrides, nothing typed since.
  const [forResult, setForResult] = useState(result);
  if (forResult !== result) {
    setForResult(result);
    setTyped({});
    setOverrides(result.uncertaintyOverrides);
    setTurbineId(result.turbines.find((r) => r.uncertainty)?.turbineId);
  }
  const turbine = turbines.find((r) => r.turbineId === turbineId) ?? turbines[0];
  const hasLongTerm = !!result.longTerm && (result.longTerm.uMcp !== null || result.longTerm.uLt !== null);
  const chain = useMemo(
    () => (turbine?.uncertainty ? recomputeChain(turbine.uncertainty, typed, hasLongTerm) : undefined),
    [turbine, typed, hasLongTerm],
  );
  if (!chain || !turbine) return null;
  const byKey = new Map(overrides.map((o) => [o.key, o]));

  const save = async (key: TEnergyUncertaintyTypedKey, valuePct: number | null) => {
    setSaving(key);
    try {
      const saved = await saveUncertaintyOverride({ versionId: result.versionId, key, valuePct });
      setOverrides(saved);
      setTyped((v) => ({ ...v, [key]: valuePct }));
    } finally {
      setSaving(undefined);
    }
  };

  const name = (c: TEnergyUncertaintyComponent) => c.name ?? t(`energy.uncertainty.component.${c.key}`);
  return (
    <Card
      size="small"
      title={t('energy.uncertainty.title')}
      data-testid="energy-uncertainty"
      extra={
        turbines.length > 1 && (
          <Segmented
            size="small"
            value={turbine.turbineId}
            onChange={(v) => setTurbineId(v as number)}
            options={turbines.map((r) => ({ value: r.turbineId, label: r.model }))}
          />
        )
      }
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          {t('energy.uncertainty.method', { s: chain.sensitivity.toFixed(3) })}
        </Typography.Text>
        <WholeTable<TEnergyUncertaintyComponent>
          rowKey={(c) => `${c.key}-${c.name ?? ''}`}
          dataSource={chain.components}
          data-testid="energy-uncertainty-components"
          columns={[
            {
              title: t('energy.uncertainty.columns.component'),
              width: 200,
              render: (_, c) => (
                <Space orientation="vertical" size={0}>
                  <Typography.Text strong>{name(c)}</Typography.Text>
                  <Typography.Text type="secondary">
                    {t(`energy.uncertainty.category.${c.category}`)}
                  </Typography.Text>
                </Space>
              ),
            },
            {
              title: t('energy.uncertainty.columns.value'),
              width: 150,
              render: (_, c) =>
                isTyped(c.key) && canType ? (
                  <InputNumber
                    key={`${turbine.turbineId}-${c.key}-${c.value}`}
                    size="small"
                    min={0}
                    max={100}
                    step={0.1}
                    suffix="%"
                    style={{ width: 110 }}
                    defaultValue={Number(pct(c.value, 3))}
                    disabled={saving === c.key}
                    data-testid={`uncertainty-input-${c.key}`}
                    onBlur={(e) => {
                      const v = Number(e.target.value.replace('%', '').trim());
                      if (
                        e.target.value.trim() !== '' &&
                        Number.isFinite(v) &&
                        Math.abs(v - c.value * 100) > 1e-9
                      )
                        void save(c.key as TEnergyUncertaintyTypedKey, v);
                    }}
                    onPressEnter={(e) => (e.target as HTMLInputElement).blur()}
                  />
                ) : (
                  `${pct(c.value)} %`
                ),
            },
            {
              title: t('energy.uncertainty.columns.basis'),
              width: 90,
              render: (_, c) => t(`energy.uncertainty.basis.${c.basis}`),
            },
            {
              title: t('energy.uncertainty.columns.energy'),
              width: 110,
              render: (_, c) => `${pct(c.energy)} %`,
            },
            {
              title: t('energy.uncertainty.columns.how'),
              width: 220,
              render: (_, c) => {
                const o = isTyped(c.key) && c.how === 'typed' ? byKey.get(c.key) : undefined;
                return (
                  <Space size={4} wrap>
                    <Tag color={HOW_COLOUR[c.how]} data-testid={`uncertainty-how-${c.key}`}>
                      {t(`energy.uncertainty.how.${c.how}`)}
                    </Tag>
                    {o && (
                      <Typography.Text type="secondary" data-testid={`uncertainty-by-${c.key}`}>
                        {t('energy.uncertainty.typedBy', {
                          user: o.userName,
                          time: new Date(o.updatedAt).toLocaleString(),
                        })}
                      </Typography.Text>
                    )}
                    {o && canType && (
                      <Button
                        size="small"
                        type="link"
                        onClick={() => void save(c.key as TEnergyUncertaintyTypedKey, null)}
                      >
                        {t('energy.uncertainty.reset')}
                      </Button>
                    )}
                  </Space>
                );
              },
            },
            {
              title: t('energy.uncertainty.columns.evidence'),
              render: (_, c) => {
                const inputs = Object.entries(c.inputs)
                  .map(([k, v]) => `${k} = ${typeof v === 'number' ? Number(v.toPrecision(4)) : v}`)
                  .join(', ');
                return (
                  <Tooltip title={c.source}>
                    <Typography.Text style={{ fontSize: 12 }}>
                      {[
                        c.formula === '—' && c.note ? '' : `${c.formula}${inputs ? `; ${inputs}` : ''}`,
                        c.note ? t(`energy.uncertainty.note.${c.note}`) : '',
                      ]
                        .filter(Boolean)
                        .join(' — ')}
                    </Typography.Text>
                  </Tooltip>
                );
              },
            },
          ]}
        />
        <WholeTable
          rowKey="years"
          dataSource={chain.horizons}
          data-testid="energy-uncertainty-horizons"
          columns={[
            {
              title: t('energy.uncertainty.columns.horizon'),
              dataIndex: 'years',
              render: (v: number) => t('energy.uncertainty.years', { count: v }),
            },
            {
              title: t('energy.uncertainty.columns.sigma'),
              dataIndex: 'sigma',
              render: (v: number) => `${pct(v)} %`,
            },
            ...(['P50', 'P75', 'P90', 'P99'] as const).map((p) => ({
              title: t('energy.uncertainty.columns.p', { p }),
              dataIndex: p,
              render: (v: number) => <span data-testid={`uncertainty-${p}`}>{mwh(v)}</span>,
            })),
          ]}
        />
      </Flex>
    </Card>
  );
}
