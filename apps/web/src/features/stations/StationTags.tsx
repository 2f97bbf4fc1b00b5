import type { TStationTag } from '@masthub/shared';
import { stationStatusColor } from '@masthub/shared/constants.ts';
import { Space, Tag } from 'antd';

/** A site status in its SPEC §3 colour (-1 grey-blue, 0 green, 1 red, 2 blue, 3 orange, other black). */
export function StationStatusTag({ status, name }: { status: number; name: string }) {
  return (
    <Tag color={stationStatusColor(status)} variant="solid" data-status={status}>
      {name}
    </Tag>
  );
}

/** The tags of a site, each in its colour. */
export function StationTagList({ tags }: { tags: readonly TStationTag[] }) {
  if (tags.length === 0) return null;
  return (
    <Space size={[0, 4]} wrap>
      {tags.map((tag) => (
        <Tag key={tag.id} color={tag.color}>
          {tag.name}
        </Tag>
      ))}
    </Space>
  );
}
