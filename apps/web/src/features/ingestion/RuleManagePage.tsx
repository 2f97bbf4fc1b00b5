import { Card, Empty, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { FileMatchRulesTab } from './FileMatchRulesTab.tsx';
import { ParseRulesTab } from './ParseRulesTab.tsx';

/** /systemManage/RuleManage (SPEC §2): parse and file-match rules; quality and warning rules come later. */
export function RuleManagePage() {
  const { t } = useTranslation();
  const later = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ingestion.rule.notAvailable')} />;
  return (
    <Card>
      <Tabs
        defaultActiveKey="parse"
        destroyOnHidden
        items={[
          { key: 'parse', label: t('ingestion.rule.tabs.parse'), children: <ParseRulesTab /> },
          { key: 'fileMatch', label: t('ingestion.rule.tabs.fileMatch'), children: <FileMatchRulesTab /> },
          { key: 'quality', label: t('ingestion.rule.tabs.quality'), children: later },
          { key: 'warning', label: t('ingestion.rule.tabs.warning'), children: later },
        ]}
      />
    </Card>
  );
}
