import { type TableColumnType, Tag } from 'antd';
import { formatValue, recoveryColor } from '../statistics.utils.ts';

/** A recovery rate (%) coloured by its SPEC §9 band. */
export function RecoveryRate({ value }: { value: number | null }) {
  const color = recoveryColor(value);
  if (!color) return <span>—</span>;
  return (
    <Tag color={color} style={{ marginInlineEnd: 0, color: '#000' }}>
      {formatValue(value, 2)}
    </Tag>
  );
}

/** A table column of one rate field (its name is also the column key), drawn as a recovery rate. */
export function recoveryRateColumn<TRow>(
  field: keyof TRow & string,
  title: string,
  width: number,
): TableColumnType<TRow> {
  return {
    key: field,
    dataIndex: field,
    title,
    width,
    render: (v: number | null) => <RecoveryRate value={v} />,
  };
}
