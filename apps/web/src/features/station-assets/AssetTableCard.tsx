import { Card, Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';

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
      <Table<T>
        rowKey="id"
        size="small"
        loading={isLoading}
        columns={columns}
        dataSource={records}
        pagination={false}
        locale={{ emptyText }}
        {...(footer === undefined ? {} : { footer: () => footer })}
      />
      {children}
    </Card>
  );
}
