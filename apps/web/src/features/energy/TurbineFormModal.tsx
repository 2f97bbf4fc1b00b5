import {
  SUITABILITY_CLASS_KEYS,
  type TTurbine,
  type TTurbineFileValues,
  type TTurbineSaveInput,
  type TTurbineSaveRequest,
  TURBINE_REGULATIONS,
  ZTurbineSaveRequest,
} from '@masthub/shared';
import { Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { RuleCol, translatedOptions } from '../../ui/form/RuleItem.tsx';
import { SchemaFormModal } from '../../ui/list/SchemaFormModal.tsx';
import { useSaveTurbine } from './api.ts';

export interface TurbineValues {
  model?: string;
  manufacturer?: string;
  ratedKw?: number | null;
  rotorDiameterM?: number | null;
  hubHeightsM?: string[];
  referenceDensity?: number | null;
  regulation?: 'pitch' | 'stall';
  /** IEC 61400-1 class ('II A', 'S'); '' when not stated. */
  iecClass?: string;
  curveText?: string;
  source?: string;
  licence?: string;
}

/** "speed power [ct]" per line → curve points (a line that is not numbers is kept as NaN for the schema). */
export function parseCurveText(text: string): { speed: number; power: number; ct: number | null }[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .map((l) => {
      const [v, p, ct] = l.split(/[\s,;\t]+/).map(Number);
      return {
        speed: v ?? Number.NaN,
        power: p ?? Number.NaN,
        ct: ct === undefined || Number.isNaN(ct) ? null : ct,
      };
    });
}

/** A turbine (stored, or read from a file) as the form's values; defaults for a new one. */
export function toTurbineValues(t: Partial<TTurbine | TTurbineFileValues> | undefined): TurbineValues {
  return {
    model: t?.model ?? '',
    manufacturer: t?.manufacturer ?? '',
    ratedKw: t?.ratedKw ?? null,
    rotorDiameterM: t?.rotorDiameterM ?? null,
    hubHeightsM: (t?.hubHeightsM ?? []).map(String),
    referenceDensity: t?.referenceDensity ?? 1.225,
    regulation: t?.regulation ?? 'pitch',
    iecClass: (t && 'iecClass' in t ? t.iecClass : null) ?? '',
    curveText: (t?.curve ?? []).map((p) => [p.speed, p.power, p.ct ?? ''].join('\t').trim()).join('\n'),
    source: t?.source ?? '',
    licence: t?.licence ?? '',
  };
}

/** The form's values as the save request (`id` when a stored turbine is edited). */
function toTurbineRequest(v: TurbineValues, id: number | undefined): TTurbineSaveInput {
  return {
    ...(id !== undefined ? { id } : {}),
    model: v.model ?? '',
    manufacturer: v.manufacturer ?? '',
    ratedKw: v.ratedKw ?? (undefined as never),
    rotorDiameterM: v.rotorDiameterM ?? (undefined as never),
    hubHeightsM: (v.hubHeightsM ?? []).map(Number),
    referenceDensity: v.referenceDensity ?? 1.225,
    regulation: v.regulation ?? 'pitch',
    iecClass: v.iecClass ?? '',
    curve: parseCurveText(v.curveText ?? ''),
    source: v.source ?? '',
    licence: v.licence ?? '',
  };
}

/** Adds or edits a turbine of the library: its data and power curve, checked by the shared schema. */
export function TurbineFormModal({
  editing,
  onClose,
}: {
  /** The turbine being edited (`id` for a stored one) or added; undefined when the dialog is closed. */
  editing: { id?: number; values: TurbineValues } | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveTurbine();
  return (
    <SchemaFormModal<TurbineValues, TTurbineSaveInput, { id: number }>
      open={editing !== undefined}
      name="turbineForm"
      width={760}
      title={editing?.id !== undefined ? t('energy.library.edit') : t('energy.library.add')}
      initialValues={editing?.values ?? {}}
      toRequest={(values) => toTurbineRequest(values, editing?.id)}
      schema={ZTurbineSaveRequest}
      save={(body) => save.mutateAsync(ZTurbineSaveRequest.parse(body) as TTurbineSaveRequest)}
      savedMessage={t('energy.library.saved')}
      onClose={onClose}
      mapField={(field) => (field.startsWith('curve') ? 'curveText' : field)}
    >
      {({ rule }) => (
        <Row gutter={16}>
          <RuleCol span={12} name="model" label={t('energy.library.model')} required>
            <Input maxLength={100} />
          </RuleCol>
          <RuleCol span={12} name="manufacturer" label={t('energy.library.manufacturer')}>
            <Input maxLength={100} />
          </RuleCol>
          <RuleCol span={8} name="ratedKw" label={t('energy.library.rated')} required>
            <InputNumber style={{ width: '100%' }} suffix="kW" />
          </RuleCol>
          <RuleCol span={8} name="rotorDiameterM" label={t('energy.library.diameter')} required>
            <InputNumber style={{ width: '100%' }} suffix="m" />
          </RuleCol>
          <RuleCol span={8} name="referenceDensity" label={t('energy.library.density')}>
            <InputNumber style={{ width: '100%' }} suffix="kg/m³" step={0.005} />
          </RuleCol>
          <RuleCol span={12} name="hubHeightsM" label={t('energy.library.hubHeights')}>
            <Select mode="tags" tokenSeparators={[',', ' ']} />
          </RuleCol>
          <RuleCol rule={false} span={6} name="regulation" label={t('energy.library.regulation')}>
            <Select options={translatedOptions(TURBINE_REGULATIONS, t, 'energy.regulation')} />
          </RuleCol>
          <RuleCol span={6} name="iecClass" label={t('energy.library.iecClass')}>
            <Select
              allowClear
              options={[
                ...SUITABILITY_CLASS_KEYS.map((k) => ({ value: k, label: k })),
                { value: 'S', label: 'S' },
              ]}
            />
          </RuleCol>
          <RuleCol
            span={24}
            name="curveText"
            label={t('energy.library.curve')}
            extra={t('energy.library.curveHint')}
            rules={[rule('curve')]}
            field="curve.1.speed"
            required
          >
            <Input.TextArea rows={8} style={{ fontFamily: 'monospace' }} />
          </RuleCol>
          <RuleCol rule={false} span={12} name="source" label={t('energy.library.source')}>
            <Input maxLength={500} />
          </RuleCol>
          <RuleCol rule={false} span={12} name="licence" label={t('energy.library.licence')}>
            <Input maxLength={200} />
          </RuleCol>
        </Row>
      )}
    </SchemaFormModal>
  );
}
