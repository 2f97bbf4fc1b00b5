import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { flagCellStyle, flagName, LEGEND_FLAGS } from '../wind-data.utils.ts';

/** The colours of the data grid's flags (SPEC §4 marking). */
export function FlagLegend() {
  const { t } = useTranslation();
  return (
    <Flex gap={6} align="center" wrap data-testid="mw-flag-legend">
      <Typography.Text type="secondary">{t('measure-wind.flags.legend')}</Typography.Text>
      {LEGEND_FLAGS.map((flag) => (
        <span
          key={flag}
          style={{
            ...flagCellStyle(flag),
            padding: '0 6px',
            borderRadius: 4,
            fontSize: 12,
            lineHeight: '20px',
            border: '1px solid rgba(0,0,0,0.06)',
          }}
        >
          {t(`measure-wind.flags.${flagName(flag)}`)}
        </span>
      ))}
    </Flex>
  );
}
