import type { TParseRuleRecord } from '@masthub/shared';
import { PAGE_SIZE } from '@masthub/shared/constants.ts';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { UpdatedCell } from '../../ui/table/UpdatedCell.tsx';
import { useDeleteParseRule, useParseRulePage } from './api.ts';
import { DELIMITER_KEYS } from './ingestion.utils.ts';
import { ParseRuleFormModal } from './ParseRuleFormModal.tsx';
import { RecordListPage } from './RecordListPage.tsx';

function useParseRules(values: Record<string, unknown>, pageNo: number) {
  const name = typeof values['name'] === 'string' ? values['name'].trim() || undefined : undefined;
  return useParseRulePage({ pageNo, pageSize: PAGE_SIZE, name });
}

/** Parse rules (RuleManage): the named ways logger files are read, with the sites using each. */
export function ParseRulesTab() {
  const { t } = useTranslation();
  const deleteRule = useDeleteParseRule();

  const columns: TableColumnsType<TParseRuleRecord> = [
    { key: 'name', dataIndex: 'name', title: t('ingestion.rule.name'), width: 180 },
    { key: 'encoding', title: t('ingestion.rule.encoding'), width: 100, render: (_, r) => r.rule.encoding },
    {
      key: 'delimiter',
      title: t('ingestion.rule.dataDelimiter'),
      width: 110,
      render: (_, r) => t(`ingestion.delimiter.${DELIMITER_KEYS[r.rule.dataDelimiter]}`),
    },
    {
      // The header row and the first data row, read together: "1 / 2".
      key: 'rows',
      title: t('ingestion.rule.rows'),
      width: 110,
      render: (_, r) => `${r.rule.fieldStartRow} / ${r.rule.dataStartRow}`,
    },
    {
      key: 'dateFormat',
      title: t('ingestion.rule.dateFormat'),
      width: 180,
      render: (_, r) => r.rule.dateFormat,
    },
    {
      key: 'missingValue',
      title: t('ingestion.rule.missingValue'),
      width: 120,
      render: (_, r) => r.rule.missingValue,
    },
    {
      key: 'stationCount',
      dataIndex: 'stationCount',
      title: t('ingestion.rule.stationCount'),
      width: 100,
      align: 'right',
    },
    {
      key: 'updated',
      title: t('ingestion.rule.updated'),
      width: 170,
      render: (_, r) => <UpdatedCell name={r.updaterName} time={r.updateTime} />,
    },
  ];

  return (
    <RecordListPage<TParseRuleRecord>
      form={ParseRuleFormModal}
      feature="system.rule"
      texts="ingestion.rule"
      remove={(record) => deleteRule.mutateAsync(record.id)}
      bare
      search={{
        kind: 'form',
        name: 'parseRuleSearch',
        fields: [{ kind: 'text', name: 'name', label: t('ingestion.rule.name'), width: 200 }],
      }}
      usePage={useParseRules}
      columns={columns}
    />
  );
}
