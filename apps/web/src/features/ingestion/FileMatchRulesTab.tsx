import type { TFileMatchRuleRecord } from '@masthub/shared';
import { PAGE_SIZE } from '@masthub/shared/constants.ts';
import { type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeleteFileMatchRule, useFileMatchPage } from './api.ts';
import { FileMatchRuleFormModal } from './FileMatchRuleFormModal.tsx';
import { RecordListPage } from './RecordListPage.tsx';

function useFileMatchRules(values: Record<string, unknown>, pageNo: number) {
  const keywords =
    typeof values['keywords'] === 'string' ? values['keywords'].trim() || undefined : undefined;
  return useFileMatchPage({ pageNo, pageSize: PAGE_SIZE, keywords });
}

/** File-match rules (RuleManage), in matching order; the server's refusals (last rule, duplicates) are shown. */
export function FileMatchRulesTab() {
  const { t } = useTranslation();
  const deleteRule = useDeleteFileMatchRule();

  const columns: TableColumnsType<TFileMatchRuleRecord> = [
    { key: 'sortOrder', dataIndex: 'sortOrder', title: t('ingestion.match.sortOrder'), width: 70 },
    { key: 'name', dataIndex: 'name', title: t('ingestion.match.name'), width: 180 },
    {
      key: 'dataSource',
      dataIndex: 'dataSourceName',
      title: t('ingestion.match.dataSource'),
      width: 150,
      render: (value: string) => value || t('ingestion.match.anySource'),
    },
    { key: 'folder', dataIndex: 'folder', title: t('ingestion.match.folder'), width: 150 },
    { key: 'inbox', dataIndex: 'inbox', title: t('ingestion.match.inbox'), width: 120 },
    {
      key: 'fileTypes',
      dataIndex: 'fileTypeSuffixes',
      title: t('ingestion.match.fileTypes'),
      width: 180,
      render: (value: string[]) =>
        value.length > 0 ? value.map((type) => <Tag key={type}>{type}</Tag>) : t('ingestion.match.anyType'),
    },
    {
      key: 'station',
      title: t('ingestion.match.station'),
      width: 200,
      render: (_, record) =>
        record.stationMode === 'fixed'
          ? [record.stationCode, record.projectName].filter(Boolean).join(' ')
          : record.stationModeName,
    },
    {
      key: 'enabled',
      dataIndex: 'isEnabled',
      title: t('ingestion.match.enabled'),
      width: 80,
      render: (value: boolean) => (value ? <Tag color="success">{t('ingestion.match.enabled')}</Tag> : null),
    },
  ];

  return (
    <RecordListPage<TFileMatchRuleRecord>
      form={FileMatchRuleFormModal}
      feature="system.rule"
      texts="ingestion.match"
      remove={(record) => deleteRule.mutateAsync(record.id)}
      bare
      search={{
        kind: 'form',
        name: 'fileMatchSearch',
        fields: [{ kind: 'text', name: 'keywords', label: t('ingestion.match.keywords'), width: 200 }],
      }}
      usePage={useFileMatchRules}
      columns={columns}
    />
  );
}
