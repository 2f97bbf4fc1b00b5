import type { TLidarCandidates, TLidarChannel, TLidarHeightPair } from '@masthub/shared';
import { Button, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { WholeTable } from '../../ui/table/WholeTable.tsx';
import type { TPairRow } from './lidar.pairs.ts';

interface Props {
  candidates: TLidarCandidates | undefined;
  rows: readonly TPairRow[];
  onChange: (rows: TPairRow[]) => void;
}

const label = (c: TLidarChannel) => (c.heightM === null ? c.name : `${c.name} (${c.heightM} m)`);

/**
 * The height pairs of the check, proposed from both versions (matched by channel height) and editable:
 * the lidar's and the mast's speed, optionally both directions; a pair can be added or removed.
 */
export function LidarPairsTable({ candidates, rows, onChange }: Props) {
  const { t } = useTranslation();
  const options = (side: 'lidarChannels' | 'mastChannels', element: 'ws' | 'wd') =>
    (candidates?.[side] ?? [])
      .filter((c) => c.element === element)
      .map((c) => ({ value: c.id, label: label(c) }));
  const set = (key: number, field: keyof TLidarHeightPair, value: number | undefined) =>
    onChange(rows.map((r) => (r.key === key ? { ...r, [field]: value } : r)));
  const cell = (
    field: keyof TLidarHeightPair,
    side: 'lidarChannels' | 'mastChannels',
    element: 'ws' | 'wd',
  ) =>
    function PairCell(_: unknown, r: TPairRow) {
      return (
        <Select
          style={{ width: '100%' }}
          allowClear={element === 'wd'}
          value={r[field]}
          options={options(side, element)}
          placeholder={element === 'wd' ? t('lidar-verify.form.none') : undefined}
          onChange={(v: number | undefined) => set(r.key, field, v)}
          data-testid={`lidar-pair-${field}`}
        />
      );
    };
  return (
    <WholeTable<TPairRow>
      rowKey="key"
      data-testid="lidar-pairs"
      dataSource={[...rows]}
      locale={{ emptyText: t('lidar-verify.form.noPairs') }}
      columns={[
        {
          title: t('lidar-verify.form.lidarSpeed'),
          render: cell('lidarSpeedChannelId', 'lidarChannels', 'ws'),
        },
        { title: t('lidar-verify.form.mastSpeed'), render: cell('mastSpeedChannelId', 'mastChannels', 'ws') },
        {
          title: t('lidar-verify.form.lidarDirection'),
          render: cell('lidarDirectionChannelId', 'lidarChannels', 'wd'),
        },
        {
          title: t('lidar-verify.form.mastDirection'),
          render: cell('mastDirectionChannelId', 'mastChannels', 'wd'),
        },
        {
          title: '',
          width: 80,
          render: (_, r) => (
            <Button type="link" danger onClick={() => onChange(rows.filter((x) => x.key !== r.key))}>
              {t('lidar-verify.form.remove')}
            </Button>
          ),
        },
      ]}
      footer={() => (
        <Button
          data-testid="lidar-add-pair"
          onClick={() => onChange([...rows, { key: Math.max(0, ...rows.map((r) => r.key)) + 1 }])}
        >
          {t('lidar-verify.form.add')}
        </Button>
      )}
    />
  );
}
