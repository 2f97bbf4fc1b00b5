import type { TSensorPlace } from '@masthub/shared';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Where a sensor is: the site (a link to its channel configuration), height, boom and tag; else in stock. */
export function SensorPlaceText({ place, hidden }: { place: TSensorPlace | null; hidden: boolean }) {
  const { t } = useTranslation();
  if (!place) {
    return hidden ? (
      <Typography.Text type="secondary">{t('sensors.register.hiddenSite')}</Typography.Text>
    ) : (
      <Tag>{t('sensors.register.inStock')}</Tag>
    );
  }
  const details = [
    place.heightM === null ? null : `${place.heightM} m`,
    place.boomOrientationDeg === null ? null : `${place.boomOrientationDeg}°`,
    place.tag || null,
  ].filter(Boolean);
  return (
    <span>
      <Link to={`/StationDetail/ChannelConfiguration?stationId=${place.stationId}`}>
        {place.stationCode} {place.projectName}
      </Link>
      {details.length > 0 && <Typography.Text type="secondary"> · {details.join(' · ')}</Typography.Text>}
    </span>
  );
}
