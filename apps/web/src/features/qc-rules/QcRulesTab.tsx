import type { TQcRule, TQcRuleType } from '@masthub/shared';
import { PAGE_SIZE } from '@masthub/shared/constants.ts';
import { Switch, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { ListPage } from '../../ui/list/ListPage.tsx';
import { useCan } from '../../ui/PermissionButton.tsx';
import { UpdatedCell } from '../../ui/table/UpdatedCell.tsx';
import { useDeleteQcRule, useQcRulePage, useSaveQcRule } from './api.ts';
import { QcRuleFormModal } from './QcRuleFormModal.tsx';
import {
  describeQcRule,
  ruleElement,
  type TTranslate,
  toQcRuleForm,
  toQcRuleSave,
} from './qc-rules.utils.ts';

/** The rules page of the tab's type (`ruleType` comes with the list's base values). */
function useQcRules(values: Record<string, unknown>, pageNo: number) {
  const name = typeof values['name'] === 'string' ? values['name'].trim() || undefined : undefined;
  return useQcRulePage({ ruleType: values['ruleType'] as TQcRuleType, pageNo, pageSize: PAGE_SIZE, name });
}

interface QcRulesTabProps {
  ruleType: TQcRuleType;
}

/** RuleManage: quality-control rules (auto_quality) or warning rules (warn), SPEC §3. */
export function QcRulesTab({ ruleType }: QcRulesTabProps) {
  const { t } = useTranslation();
  const translate = t as unknown as TTranslate;
  const canEdit = useCan('system.rule');
  const [editing, setEditing] = useState<TQcRule | null>();
  const deleteRule = useDeleteQcRule();
  const saveRule = useSaveQcRule();

  const toggleEnabled = async (record: TQcRule, isEnabled: boolean) => {
    await saveRule.mutateAsync(
      toQcRuleSave({ ...toQcRuleForm(record, ruleType), isEnabled }, ruleType, record.id),
    );
    feedback.success(t('qc-rules.enabledChanged'));
  };

  const columns: TableColumnsType<TQcRule> = [
    { key: 'name', dataIndex: 'name', title: t('qc-rules.name'), width: 200 },
    {
      key: 'kind',
      dataIndex: 'kind',
      title: t('qc-rules.kind'),
      width: 120,
      render: (kind: string) => t(`qc-rules.kinds.${kind}`),
    },
    ...(ruleType === 'auto_quality'
      ? [
          {
            key: 'element',
            title: t('qc-rules.element'),
            width: 100,
            render: (_: unknown, record: TQcRule) => {
              const element = ruleElement(record);
              return element ? t(`qc-rules.elements.${element}`) : '—';
            },
          },
        ]
      : []),
    {
      key: 'params',
      title: t('qc-rules.params'),
      width: 320,
      render: (_, record) => describeQcRule(record, translate),
    },
    {
      key: 'scope',
      title: t('qc-rules.scope'),
      width: 180,
      render: (_, record) =>
        record.stationId === null
          ? t('qc-rules.allStations')
          : [record.stationCode, record.stationName].filter(Boolean).join(' '),
    },
    {
      key: 'enabled',
      dataIndex: 'isEnabled',
      title: t('qc-rules.enabled'),
      width: 80,
      render: (value: boolean, record) => (
        <Switch
          size="small"
          checked={value}
          disabled={!canEdit}
          loading={saveRule.isPending && saveRule.variables?.id === record.id}
          aria-label={t('qc-rules.enabled')}
          onChange={(checked) => void toggleEnabled(record, checked)}
        />
      ),
    },
    {
      key: 'updated',
      title: t('qc-rules.updated'),
      width: 170,
      render: (_, r) => <UpdatedCell name={r.updaterName} time={r.updateTime} />,
    },
  ];

  return (
    <>
      <ListPage<TQcRule>
        bare
        search={{
          kind: 'form',
          name: `qcRuleSearch-${ruleType}`,
          fields: [{ kind: 'text', name: 'name', label: t('qc-rules.name'), width: 200 }],
        }}
        usePage={useQcRules}
        baseValues={{ ruleType }}
        columns={columns}
        tableProps={{ bordered: true }}
        editor={{
          feature: 'system.rule',
          createLabel: t(`qc-rules.create.${ruleType}`),
          open: setEditing,
          remove: (record) => deleteRule.mutateAsync(record.id),
          texts: 'qc-rules',
        }}
      />
      <QcRuleFormModal
        open={editing !== undefined}
        ruleType={ruleType}
        record={editing ?? undefined}
        onClose={() => setEditing(undefined)}
      />
    </>
  );
}
