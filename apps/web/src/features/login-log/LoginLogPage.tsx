import type { TLoginLogRecord } from '@masthub/shared';
import { type TableColumnsType, Tag, Tooltip } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { readUtcCode } from '../../request/request.ts';
import { DATE_TIME_FORMAT } from '../../ui/date-time.ts';
import { ListPage } from '../../ui/list/ListPage.tsx';
import { dateTimeColumn } from '../../ui/table/table-parts.ts';
import { useFormatDateTime } from '../../ui/use-date-time.ts';
import { useLoginLogPage } from './api.ts';
import { type LoginLogFilters, toLoginLogRequest } from './login-log.utils.ts';

interface FilterValues {
  account?: string;
  userName?: string;
  ip?: string;
  result?: 'success' | 'failure';
  range?: [Dayjs, Dayjs] | null;
}

function toFilters(values: FilterValues): LoginLogFilters {
  return {
    account: values.account,
    userName: values.userName,
    ip: values.ip,
    result: values.result,
    range: values.range
      ? [values.range[0].format(DATE_TIME_FORMAT), values.range[1].format(DATE_TIME_FORMAT)]
      : null,
  };
}

const KNOWN_REASONS = new Set([
  'success',
  'bad_password',
  'unknown_account',
  'disabled',
  'rate_limited',
  'bad_second_factor',
  'second_factor_enabled',
  'second_factor_disabled',
  'second_factor_reset',
  'second_factor_locked',
  'second_factor_unlocked',
  'access_token',
  'access_token_refused',
]);

function useLoginLog(values: Record<string, unknown>, pageNo: number) {
  return useLoginLogPage(toLoginLogRequest(toFilters(values as FilterValues), pageNo, readUtcCode()));
}

/** Login log (SPEC §2 loginLog, §3): who logged in, with which role, from where and when; page 20. */
export function LoginLogPage() {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();

  const columns: TableColumnsType<TLoginLogRecord> = [
    { key: 'operatorAccount', dataIndex: 'operatorAccount', title: t('system.loginLog.account'), width: 140 },
    { key: 'operatorName', dataIndex: 'operatorName', title: t('system.loginLog.name'), width: 120 },
    { key: 'roleName', dataIndex: 'roleName', title: t('system.loginLog.role'), width: 140 },
    { key: 'ip', dataIndex: 'ip', title: t('system.loginLog.ip'), width: 140 },
    dateTimeColumn('operateTime', t('system.loginLog.time'), formatDateTime),
    {
      key: 'userType',
      dataIndex: 'userType',
      title: t('system.loginLog.userType'),
      width: 110,
      render: (value: TLoginLogRecord['userType']) => (value ? t(`system.loginLog.userTypes.${value}`) : ''),
    },
    {
      key: 'result',
      dataIndex: 'result',
      title: t('system.loginLog.result'),
      width: 100,
      render: (value: TLoginLogRecord['result'], record) => {
        const tag = (
          <Tag color={value === 'success' ? 'success' : 'error'}>{t(`system.loginLog.results.${value}`)}</Tag>
        );
        if (value === 'success' || !KNOWN_REASONS.has(record.reason)) return tag;
        return <Tooltip title={t(`system.loginLog.reasons.${record.reason}`)}>{tag}</Tooltip>;
      },
    },
    {
      key: 'reason',
      dataIndex: 'reason',
      title: t('system.loginLog.reason'),
      width: 180,
      render: (value: string, record) => {
        const text = KNOWN_REASONS.has(value) ? t(`system.loginLog.reasons.${value}`) : value;
        // A call with a personal access token: name the token.
        if (record.tokenName) return t('system.loginLog.withToken', { text, token: record.tokenName });
        // An administrator acted for the user (a second factor reset): say who.
        return record.actorAccount
          ? t('system.loginLog.byActor', { text, actor: record.actorAccount })
          : text;
      },
    },
  ];

  return (
    <ListPage<TLoginLogRecord>
      search={{
        kind: 'form',
        name: 'loginLogSearch',
        fields: [
          { kind: 'text', name: 'account', label: t('system.loginLog.account'), width: 150 },
          { kind: 'text', name: 'userName', label: t('system.loginLog.name'), width: 140 },
          { kind: 'text', name: 'ip', label: t('system.loginLog.ip'), width: 150 },
          {
            kind: 'select',
            name: 'result',
            label: t('system.loginLog.result'),
            width: 120,
            options: (['success', 'failure'] as const).map((value) => ({
              value,
              label: t(`system.loginLog.results.${value}`),
            })),
          },
          { kind: 'dateTimeRange', name: 'range', label: t('system.loginLog.timeRange') },
        ],
      }}
      usePage={useLoginLog}
      columns={columns}
    />
  );
}
