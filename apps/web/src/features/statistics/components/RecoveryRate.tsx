import { Tag } from 'antd';
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
