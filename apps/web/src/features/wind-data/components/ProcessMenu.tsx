import {
  AimOutlined,
  BuildOutlined,
  CalendarOutlined,
  ColumnHeightOutlined,
  DownOutlined,
  ExperimentOutlined,
  SafetyCertificateOutlined,
  ShareAltOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../ui/PermissionButton.tsx';
import type { TProcessKind } from '../api.ts';
import { ActionButton } from './ActionButton.tsx';

export const PROCESS_KINDS: readonly TProcessKind[] = [
  'qc',
  'tower_shadow',
  'interpolation',
  'extrapolation',
  'representative_year',
  'reconstruct',
];

const ICONS: Record<TProcessKind, ReactNode> = {
  qc: <SafetyCertificateOutlined />,
  tower_shadow: <AimOutlined />,
  interpolation: <ShareAltOutlined />,
  extrapolation: <ColumnHeightOutlined />,
  representative_year: <CalendarOutlined />,
  reconstruct: <BuildOutlined />,
};

export interface ProcessMenuProps {
  /** Why processing cannot start now (view-only original, a task running). */
  blockedReason: string | undefined;
  onPick: (kind: TProcessKind) => void;
}

/** The 数据处理 dropdown: 质量控制, 塔影修正, 插补, 垂直外推, 代表年, 缺测重建 — each opens its dialog. */
export function ProcessMenu({ blockedReason, onPick }: ProcessMenuProps) {
  const { t } = useTranslation();
  const canProcess = useCan('data.process');
  const label = (
    <>
      {t('measure-wind.process.title')} <DownOutlined />
    </>
  );
  if (!canProcess || blockedReason) {
    return (
      <ActionButton
        feature="data.process"
        blockedReason={blockedReason}
        icon={<ExperimentOutlined />}
        data-testid="mw-process"
      >
        {label}
      </ActionButton>
    );
  }
  const items: MenuProps['items'] = PROCESS_KINDS.map((kind) => ({
    key: kind,
    icon: ICONS[kind],
    label: <span data-testid={`mw-process-${kind}`}>{t(`measure-wind.process.kinds.${kind}`)}</span>,
  }));
  return (
    <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => onPick(key as TProcessKind) }}>
      <Button icon={<ExperimentOutlined />} data-testid="mw-process">
        {label}
      </Button>
    </Dropdown>
  );
}
