import { Card, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { WholeTable } from '../../ui/table/WholeTable.tsx';

/** A site asset list (attachments, password records): a small card with its action and an unpaged table. */
export function AssetTableCard<T extends { id: number }>({
  title,
  extra,
  isLoading,
  columns,
  records,
  emptyText,
  footer,
  children,
}: {
  title: string;
  extra: ReactNode;
  isLoading: boolean;
  columns: TableColumnsType<T>;
  records: readonly T[];
  emptyText: string;
  footer?: string;
  /** Dialogs the card opens. */
  children?: ReactNode;
}) {
  return (
    <Card size="small" title={title} extra={extra}>
      <WholeTable<T>
        rowKey="id"
        loading={isLoading}
        columns={columns}
        dataSource={records}
        locale={{ emptyText }}
        {...(footer === undefined ? {} : { footer: () => footer })}
      />
      {children}
    </Card>
  );
}
