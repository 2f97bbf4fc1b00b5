import { SearchOutlined } from '@ant-design/icons';
import type { TLoginLogRecord } from '@masthub/shared';
import { DATE_COLUMN_WIDTH, PAGE_SIZE } from '@masthub/shared/constants.ts';
import {
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_FORMAT } from '../../app/date-time.ts';
import { fitColumns } from '../../app/table/fit-columns.ts';
import { useFormatDateTime } from '../../app/use-date-time.ts';
import { readUtcCode } from '../../request/request.ts';
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

const KNOWN_REASONS = new Set(['success', 'bad_password', 'unknown_account', 'disabled', 'rate_limited']);

/** Login log (SPEC §2 loginLog, §3): who logged in, with which role, from where and when; page 20. */
export function LoginLogPage() {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const [form] = Form.useForm<FilterValues>();
  const [filters, setFilters] = useState<LoginLogFilters>({});
  const [pageNo, setPageNo] = useState(1);
  const { data: page, isFetching } = useLoginLogPage(toLoginLogRequest(filters, pageNo, readUtcCode()));

  const columns: TableColumnsType<TLoginLogRecord> = [
    { key: 'operatorAccount', dataIndex: 'operatorAccount', title: t('system.loginLog.account'), width: 140 },
    { key: 'operatorName', dataIndex: 'operatorName', title: t('system.loginLog.name'), width: 120 },
    { key: 'roleName', dataIndex: 'roleName', title: t('system.loginLog.role'), width: 140 },
    { key: 'ip', dataIndex: 'ip', title: t('system.loginLog.ip'), width: 140 },
    {
      key: 'operateTime',
      dataIndex: 'operateTime',
      title: t('system.loginLog.time'),
      width: DATE_COLUMN_WIDTH,
      render: (value: string) => formatDateTime(value),
    },
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
      width: 140,
      render: (value: string) => (KNOWN_REASONS.has(value) ? t(`system.loginLog.reasons.${value}`) : value),
    },
  ];
  const fit = fitColumns(columns);

  return (
    <Card>
      <Form<FilterValues>
        form={form}
        name="loginLogSearch"
        layout="inline"
        style={{ rowGap: 12, marginBottom: 16 }}
        onFinish={(values) => {
          setFilters(toFilters(values));
          setPageNo(1);
        }}
      >
        <Form.Item name="account" label={t('system.loginLog.account')}>
          <Input allowClear style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="userName" label={t('system.loginLog.name')}>
          <Input allowClear style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="ip" label={t('system.loginLog.ip')}>
          <Input allowClear style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="result" label={t('system.loginLog.result')}>
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('system.common.all')}
            options={(['success', 'failure'] as const).map((value) => ({
              value,
              label: t(`system.loginLog.results.${value}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="range" label={t('system.loginLog.timeRange')}>
          <DatePicker.RangePicker showTime format={DATE_TIME_FORMAT} style={{ width: 380 }} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('system.common.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setFilters({});
                setPageNo(1);
              }}
            >
              {t('system.common.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Table<TLoginLogRecord>
        rowKey="id"
        size="middle"
        loading={isFetching}
        columns={fit.columns}
        dataSource={page?.records ?? []}
        {...fit.tableProps}
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE,
          total: page?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t('system.common.total', { total }),
          onChange: setPageNo,
        }}
      />
    </Card>
  );
}
