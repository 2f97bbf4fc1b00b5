import type { TStatisticsChannel } from '@masthub/shared';
import { Select, Space, Typography } from 'antd';
import { channelCaption } from '../statistics.utils.ts';

export interface ChannelPickerProps {
  label: string;
  channels: readonly TStatisticsChannel[];
  value: number | undefined;
  onChange: (channelId: number) => void;
}

/** Picks which height a tab's chart and table show. */
export function ChannelPicker({ label, channels, value, onChange }: ChannelPickerProps) {
  return (
    <Space>
      <Typography.Text>{label}</Typography.Text>
      <Select
        aria-label={label}
        style={{ minWidth: 220 }}
        value={value}
        onChange={onChange}
        options={channels.map((c) => ({ value: c.channelId, label: channelCaption(c) }))}
      />
    </Space>
  );
}
