import { WarningOutlined } from '@ant-design/icons';
import type { TCalibrationWarning, TChannelCalibration } from '@masthub/shared';
import { Button, Flex, Popover, Tag, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { useCan } from '../../ui/PermissionButton.tsx';
import { CalibrationCorrectModal, type TCorrectionOffer } from './CalibrationCorrectModal.tsx';
import { CalibrationDrawer, type TCalibrationSubject } from './CalibrationDrawer.tsx';
import { useStationCalibrations } from './calibration-api.ts';

/** Where a channel's programmed slope/offset differs from the certificate, one line each. */
function MismatchLines({ channel }: { channel: TChannelCalibration }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={2}>
      {channel.mismatches.map((m) => (
        <Typography.Text key={m.field}>
          {t('calibrations.mismatchLine', {
            field: t(`calibrations.fields.${m.field}`),
            programmed: m.programmed,
            certified: m.certified,
          })}
        </Typography.Text>
      ))}
    </Flex>
  );
}

/**
 * The channel table's certificate column (issue 44 §2): each channel naming a sensor shows its certificate in
 * force (slope/offset, date, lab) and a mismatch mark when the programmed values differ; the sensor's
 * calibrations open in a drawer, and a mismatch offers the correction of history (channel, period and both
 * pairs filled in). Returns the column and the drawer and dialog it opens.
 */
export function useCalibrationColumn<T extends { dataKey: string }>(
  stationId: number,
  configId: number | undefined,
): { column: ColumnType<T>; overlays: ReactNode } {
  const { t } = useTranslation();
  const canProcess = useCan('data.process');
  const { data } = useStationCalibrations(stationId, configId);
  const [subject, setSubject] = useState<TCalibrationSubject>();
  const [offer, setOffer] = useState<TCorrectionOffer>();
  const byKey = new Map((data?.channels ?? []).map((c) => [c.dataKey.toLowerCase(), c]));

  const open = (c: TChannelCalibration) =>
    setSubject({
      sensorId: c.sensorId,
      identity: { oem: c.sensorMake, model: c.sensorModel, serialNumber: c.sensorSerial },
    });

  const offerOf = (c: TChannelCalibration): TCorrectionOffer | undefined =>
    c.inForce?.slope == null ||
    c.inForce.offset == null ||
    c.programmedSlope == null ||
    c.programmedOffset == null
      ? undefined
      : {
          stationId,
          channel: c.dataKey,
          channelName: c.channelName,
          from: data?.effectiveFrom ?? null,
          to: data?.effectiveTo ?? null,
          programmed: { slope: c.programmedSlope, offset: c.programmedOffset },
          certified: { slope: c.inForce.slope, offset: c.inForce.offset },
          calibrationId: c.inForce.id,
        };

  const column: ColumnType<T> = {
    key: 'calibration',
    title: t('calibrations.column'),
    width: 240,
    render: (_, record) => {
      const c = byKey.get(record.dataKey.toLowerCase());
      if (!c) return null;
      const correction = offerOf(c);
      return (
        <Flex vertical gap={2} data-calibration-cell={c.dataKey}>
          <Flex gap={4} align="center" wrap>
            <Button type="link" size="small" style={{ padding: 0 }} onClick={() => open(c)}>
              {c.inForce
                ? t('calibrations.inForce', {
                    slope: c.inForce.slope ?? '—',
                    offset: c.inForce.offset ?? '—',
                  })
                : t('calibrations.none')}
            </Button>
            {c.mismatches.length > 0 ? (
              <Popover
                title={t('calibrations.mismatchTitle')}
                content={
                  <Flex vertical gap={8}>
                    <MismatchLines channel={c} />
                    {canProcess && correction ? (
                      <Button size="small" type="primary" onClick={() => setOffer(correction)}>
                        {t('calibrations.correct')}
                      </Button>
                    ) : null}
                  </Flex>
                }
              >
                <Tag color="red" icon={<WarningOutlined />} data-calibration-mismatch={c.dataKey}>
                  {t('calibrations.mismatch')}
                </Tag>
              </Popover>
            ) : c.inForce ? (
              <Tag color="green">{t('calibrations.agrees')}</Tag>
            ) : null}
          </Flex>
          {c.inForce ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('calibrations.calibratedBy', {
                date: c.inForce.dateOfCalibration ?? '—',
                lab: c.inForce.calibrationOrganisation || '—',
              })}
            </Typography.Text>
          ) : null}
        </Flex>
      );
    },
  };

  const overlays = (
    <>
      <CalibrationDrawer subject={subject} onClose={() => setSubject(undefined)} />
      <CalibrationCorrectModal offer={offer} onClose={() => setOffer(undefined)} />
    </>
  );
  return { column, overlays };
}

/**
 * Tells what a channel configuration's save reply carries (issue 44 §2): the channels programmed otherwise
 * than their sensors' certificates — a warning, the configuration is saved.
 */
export function useCalibrationWarning(): (reply: { calibrationWarnings?: TCalibrationWarning[] }) => void {
  const { t } = useTranslation();
  return (reply) => {
    const warnings = reply.calibrationWarnings ?? [];
    if (warnings.length === 0) return;
    feedback.warning(
      t('calibrations.saveWarning', {
        count: warnings.length,
        channels: warnings.map((w) => w.channelName).join(', '),
      }),
    );
  };
}
