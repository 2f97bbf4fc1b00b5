import type { TRepairLogRecord } from '@masthub/shared';
import { PAGE_SIZE } from '@masthub/shared/constants.ts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPage } from '../../ui/list/ListPage.tsx';
import type { FitColumn } from '../../ui/table/fit-columns.ts';
import { useFormatDateTime } from '../../ui/use-date-time.ts';
import { useRepairLogPage } from './api.ts';

const MAIL_COLORS: Record<string, string> = {
  sent: 'green',
  failed: 'red',
  pending: 'gold',
  sending: 'blue',
};

function useRepairLog(values: Record<string, unknown>, pageNo: number) {
  const keywords = (values['keywords'] as string | undefined)?.trim();
  return useRepairLogPage({ pageNo, pageSize: PAGE_SIZE, ...(keywords ? { keywords } : {}) });
}

/**
 * The fault report log (SPEC §2 /systemManage/repairList, §3): every repair request sent, with its
 * recipients and whether the e-mail got through; opened also from a site-repair notification.
 */
export function RepairListPage() {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const columns: FitColumn<TRepairLogRecord>[] = [
    {
      key: 'stationCode',
      dataIndex: 'stationCode',
      title: t('repairs.log.stationCode'),
      width: 90,
      render: (code: string, r) => <Link to={`/StationDetail/Alarm?stationId=${r.stationId}`}>{code}</Link>,
    },
    {
      key: 'projectName',
      dataIndex: 'projectName',
      title: t('repairs.log.projectName'),
      width: 150,
      wrap: true,
    },
    {
      key: 'deviceType',
      dataIndex: 'deviceType',
      title: t('repairs.log.deviceType'),
      width: 100,
      wrap: true,
    },
    {
      key: 'manufacturerName',
      dataIndex: 'manufacturerName',
      title: t('repairs.log.manufacturerName'),
      width: 110,
      wrap: true,
    },
    {
      key: 'receiverAddress',
      dataIndex: 'receiverAddress',
      title: t('repairs.log.receiverAddress'),
      width: 170,
      wrap: true,
    },
    { key: 'reason', dataIndex: 'reason', title: t('repairs.log.reason'), width: 200, wrap: true },
    { key: 'operator', dataIndex: 'operator', title: t('repairs.log.operator'), width: 90 },
    {
      key: 'copyAddress',
      dataIndex: 'copyAddress',
      title: t('repairs.log.copyAddress'),
      width: 170,
      wrap: true,
    },
    { key: 'groupName', dataIndex: 'groupName', title: t('repairs.log.groupName'), width: 100, wrap: true },
    {
      key: 'repairTime',
      dataIndex: 'repairTime',
      title: t('repairs.log.repairTime'),
      width: 110,
      wrap: true,
      render: (v: string) => formatDateTime(v),
    },
    {
      key: 'mailStatus',
      dataIndex: 'mailStatusName',
      title: t('repairs.log.mailStatus'),
      width: 90,
      render: (name: string, r) => (name ? <Tag color={MAIL_COLORS[r.mailStatus]}>{name}</Tag> : null),
    },
  ];
  return (
    <ListPage<TRepairLogRecord>
      search={{ kind: 'keywords', placeholder: t('repairs.log.keywords') }}
      usePage={useRepairLog}
      columns={columns}
    />
  );
}
