import { CalculatorOutlined, PushpinOutlined } from '@ant-design/icons';
import {
  type TMcpCompareRequest,
  type TMcpCompareResult,
  type TMcpGenerateResult,
  type TMcpRow,
  type TMesoscaleDataset,
  ZMcpCompareRequest,
} from '@masthub/shared';
import { Alert, App, Button, Collapse, Form, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { readUtcCode } from '../../request/request.ts';
import { useRequestRule } from '../../ui/form/use-zod-rule.ts';
import { showFieldErrors } from '../../ui/list/field-errors.ts';
import { PermissionButton } from '../../ui/PermissionButton.tsx';
import { useLongTermCompare } from './api.ts';
import { useLongTermConvergence, useSaveLongTermDefault } from './convergence.api.ts';
import { LongTermCandidates, LongTermReferences } from './LongTermCandidates.tsx';
import { LongTermConvergenceCard } from './LongTermConvergenceCard.tsx';
import { LongTermForm } from './LongTermForm.tsx';
import { LongTermGenerateModal } from './LongTermGenerateModal.tsx';
import { LongTermResult } from './LongTermResult.tsx';
import { recommendedRow } from './longterm.format.ts';
import {
  isDefaultMethod,
  type LongTermValues,
  toCompareRequest,
  toDefaultRequest,
  toFormField,
} from './longterm.request.ts';

/**
 * The MCP method of the long-term drawer (WIND-ANALYSIS §13): the site's speed against a reference by every
 * MCP method at once, and the chosen row's long-term series as a new data version. Mounted while the drawer
 * shows it, so each opening starts afresh.
 */
export function McpWorkbench({
  stationId,
  datasets,
  datasetId,
}: {
  stationId: number;
  datasets: readonly TMesoscaleDataset[];
  /** The mesoscale dataset to start from, when opened from its row. */
  datasetId?: number | undefined;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LongTermValues>();
  const toRequest = (values: LongTermValues) => toCompareRequest(values, readUtcCode());
  const rule = useRequestRule(ZMcpCompareRequest, toRequest);
  const compare = useLongTermCompare();
  const [result, setResult] = useState<TMcpCompareResult>();
  const [request, setRequest] = useState<TMcpCompareRequest>();
  const [generating, setGenerating] = useState<TMcpRow>();
  const [generated, setGenerated] = useState<TMcpGenerateResult>();
  const saveDefault = useSaveLongTermDefault();
  const { message } = App.useApp();
  const recommended = result ? recommendedRow(result) : undefined;

  // The compared target and reference become the site's default, with the recommended method.
  const setAsDefault = async () => {
    if (!request || !recommended || !isDefaultMethod(recommended.method)) return;
    const saved = await saveDefault
      .mutateAsync(toDefaultRequest(stationId, request, { ...recommended, method: recommended.method }))
      .catch(() => undefined);
    if (saved) void message.success(t('longterm.setDefault.done', { verdict: saved.verdict }));
  };

  // Opened on a site with a default reference (and not from a mesoscale row): start from that reference
  // (none when it is on a site the caller may not view).
  const { data: convergence } = useLongTermConvergence(stationId);
  const preset = datasetId === undefined ? (convergence?.default?.reference ?? undefined) : undefined;

  const run = async () => {
    // A validation overtaken by a value the form set meanwhile (a channel filled in when the reference's
    // version arrived) rejects with no field in error: its values stand, as antd documents.
    const values = await form
      .validateFields()
      .catch((error: { errorFields?: unknown[]; values?: LongTermValues }) =>
        error.errorFields?.length === 0 ? error.values : undefined,
      );
    if (!values) return;
    const parsed = ZMcpCompareRequest.safeParse(toRequest(values));
    if (!parsed.success) {
      // The fields' rules run this very schema; validating again shows its errors where they belong.
      await form.validateFields().catch(() => undefined);
      return;
    }
    const body = parsed.data;
    setGenerated(undefined);
    try {
      setResult(await compare.mutateAsync(body));
      setRequest(body);
    } catch (error) {
      showFieldErrors(form, error, (field) => toFormField(field, values.referenceKind));
    }
  };

  return (
    <>
      <LongTermForm
        form={form}
        stationId={stationId}
        datasets={datasets}
        datasetId={datasetId}
        preset={preset}
        rule={rule}
      />
      <Collapse
        size="small"
        style={{ marginBottom: 16 }}
        items={[
          {
            key: 'candidates',
            label: t('longterm.candidates.title'),
            children: <LongTermCandidates form={form} onCompare={() => void run()} />,
          },
          {
            key: 'references',
            label: t('longterm.refs.title'),
            children: <LongTermReferences stationId={stationId} />,
          },
        ]}
      />
      <Space wrap>
        <Button
          type="primary"
          icon={<CalculatorOutlined />}
          loading={compare.isPending}
          onClick={() => void run()}
          data-testid="lt-run"
        >
          {t('longterm.compare')}
        </Button>
        {result && request ? (
          <Tooltip
            title={
              recommended
                ? t('longterm.setDefault.hint', { method: recommended.methodName })
                : t('longterm.setDefault.noRecommendation')
            }
          >
            <PermissionButton
              feature="data.process"
              icon={<PushpinOutlined />}
              disabled={!recommended || !isDefaultMethod(recommended.method)}
              loading={saveDefault.isPending}
              onClick={() => void setAsDefault()}
              data-testid="lt-set-default"
            >
              {t('longterm.setDefault.button')}
            </PermissionButton>
          </Tooltip>
        ) : null}
      </Space>
      <div style={{ marginTop: 16 }}>
        <LongTermConvergenceCard stationId={stationId} isHiddenWithoutDefault />
      </div>
      {generated && (
        <Alert
          style={{ marginTop: 16 }}
          type="success"
          showIcon
          title={t('longterm.generate.done', { name: generated.versionName })}
          action={
            <Link to={`/StationDetail/MeasureWind?stationId=${stationId}`}>
              {t('longterm.generate.goTo')}
            </Link>
          }
        />
      )}
      {result && request && (
        <>
          <LongTermResult result={result} onGenerate={setGenerating} />
          <LongTermGenerateModal
            request={request}
            result={result}
            row={generating}
            onClose={() => setGenerating(undefined)}
            onGenerated={setGenerated}
          />
        </>
      )}
    </>
  );
}
