import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { FileMatchRulesTab, ParseRulesTab } from '../ingestion/index.ts';
import { QcRulesTab } from '../qc-rules/index.ts';

/** /systemManage/RuleManage (SPEC §2): parse, file-match, quality-control and warning rules. */
export function RulesPage() {
  const { t } = useTranslation();
  return (
    <Card>
      <Tabs
        defaultActiveKey="parse"
        destroyOnHidden
        items={[
          { key: 'parse', label: t('ingestion.rule.tabs.parse'), children: <ParseRulesTab /> },
          { key: 'fileMatch', label: t('ingestion.rule.tabs.fileMatch'), children: <FileMatchRulesTab /> },
          {
            key: 'quality',
            label: t('qc-rules.tabs.quality'),
            children: <QcRulesTab ruleType="auto_quality" />,
          },
          { key: 'warning', label: t('qc-rules.tabs.warning'), children: <QcRulesTab ruleType="warn" /> },
        ]}
      />
    </Card>
  );
}
