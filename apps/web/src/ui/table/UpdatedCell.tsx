import { Flex, Typography } from 'antd';
import { useFormatDateTime } from '../use-date-time.ts';

/** Who changed a record last and when, on two lines: one column instead of two in administration tables. */
export function UpdatedCell({
  name,
  time,
}: {
  name: string | null | undefined;
  time: string | null | undefined;
}) {
  const formatDateTime = useFormatDateTime();
  return (
    <Flex vertical>
      <Typography.Text ellipsis>{name || '—'}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
        {formatDateTime(time)}
      </Typography.Text>
    </Flex>
  );
}
