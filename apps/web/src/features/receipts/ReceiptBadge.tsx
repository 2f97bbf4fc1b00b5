import { FileSearchOutlined } from '@ant-design/icons';
import type { TReceiptSummary } from '@masthub/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { badgeOf } from './receipt.utils.ts';

/**
 * The receipt on a data file's row (issue 30): pending, failed, the open findings in the colour of the
 * worst, or all clear; a click opens the receipt.
 */
export function ReceiptBadge({
  summary,
  onOpen,
}: {
  summary: TReceiptSummary;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation();
  const badge = badgeOf(summary);
  const text =
    badge.kind === 'findings'
      ? t('receipt.badge.findings', { count: badge.count })
      : t(`receipt.badge.${badge.kind}`);
  return (
    <Tag
      color={badge.color}
      icon={<FileSearchOutlined />}
      data-testid="receipt-badge"
      role="button"
      tabIndex={0}
      aria-label={`${t('receipt.badge.label')}: ${text}`}
      style={{ cursor: 'pointer' }}
      onClick={() => onOpen(summary.id)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') onOpen(summary.id);
      }}
    >
      {text}
    </Tag>
  );
}
