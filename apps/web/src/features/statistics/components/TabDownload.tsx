import { DownloadOutlined } from '@ant-design/icons';
import { TAB_BIN_CHOICES, type TStatisticsResult, type TTabBins } from '@masthub/shared';
import { Button, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFileDownload } from '../../../request/use-file-download.ts';
import { exportVersion } from '../../wind-data/index.ts';

/**
 * The WAsP .tab of a rose's speed and vane over the analysed period, in the analysis's sectors (12 or 16)
 * with bins 0–1, 1–2 … or centred on integers as brightwind writes them (the version export, format 5).
 */
export function TabDownload({
  result,
  speedChannelId,
  directionChannelId,
}: {
  result: TStatisticsResult;
  speedChannelId: number;
  directionChannelId: number;
}) {
  const { t } = useTranslation();
  const [bins, setBins] = useState<TTabBins>('edges');
  const { isSaving, download: save } = useFileDownload();
  const download = () =>
    save(
      () =>
        exportVersion({
          versionId: result.versionId,
          format: 5,
          speedChannelId,
          directionChannelId,
          includeSuspicious: result.includeSuspicious,
          startTime: result.startTime,
          endTime: result.endTime,
          tabSectors: result.sectors === 12 ? 12 : 16,
          tabBins: bins,
        }),
      `${result.versionName}.tab`,
    );
  return (
    <Space wrap>
      <Typography.Text>{t('measure-wind.export.tabBins')}</Typography.Text>
      <Select<TTabBins>
        style={{ width: 320 }}
        value={bins}
        onChange={setBins}
        data-testid="stat-tab-bins"
        options={TAB_BIN_CHOICES.map((key) => ({
          value: key,
          label: t(`measure-wind.export.tabBinChoices.${key}`),
        }))}
      />
      <Button
        icon={<DownloadOutlined />}
        loading={isSaving}
        onClick={() => void download()}
        data-testid="stat-tab-download"
      >
        {t('statistics.detail.tabDownload', { count: result.sectors })}
      </Button>
    </Space>
  );
}
