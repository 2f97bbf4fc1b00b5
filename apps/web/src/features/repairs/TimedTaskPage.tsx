import {
  buildReminderCron,
  MAIL_KINDS,
  MAIL_STATUSES,
  REMINDER_FREQUENCIES,
  type TIntervalTask,
  type TIntervalTaskSaveInput,
  type TSendLogRecord,
  ZIntervalTaskSaveRequest,
} from '@masthub/shared';
import { PAGE_SIZE } from '@masthub/shared/constants.ts';
import {
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { useRequestRule } from '../../ui/form/use-zod-rule.ts';
import { showFieldErrors } from '../../ui/list/field-errors.ts';
import { ListPage } from '../../ui/list/ListPage.tsx';
import type { FitColumn } from '../../ui/table/fit-columns.ts';
import { useFormatDateTime } from '../../ui/use-date-time.ts';
import { useIntervalTasks, useSaveIntervalTask, useSenders, useSendLogPage } from './api.ts';

const STATUS_COLORS: Record<string, string> = {
  sent: 'green',
  failed: 'red',
  pending: 'gold',
  sending: 'blue',
};

type TaskValues = Omit<TIntervalTaskSaveInput, 'type'>;

function toValues(task: TIntervalTask): TaskValues {
  return {
    isEnabled: task.isEnabled,
    dataSourceId: task.dataSourceId,
    sendTime: task.sendTime,
    frequency: task.frequency,
    everyDays: task.everyDays,
  };
}

/** The cron a form would save, or '' while the form is incomplete. */
function previewCron(values: TaskValues): string {
  try {
    return buildReminderCron({
      sendTime: String(values.sendTime ?? ''),
      frequency: values.frequency ?? 'days',
      everyDays: Number(values.everyDays ?? 1),
    });
  } catch {
    return '';
  }
}

/** One reminder's settings (SPEC §3 interval task settings): on/off, sender, send time, frequency. */
function ReminderCard({ task }: { task: TIntervalTask }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const [form] = Form.useForm<TaskValues>();
  const senders = useSenders();
  const save = useSaveIntervalTask();
  const toRequest = (values: TaskValues): TIntervalTaskSaveInput => ({ ...values, type: task.type });
  const rule = useRequestRule(ZIntervalTaskSaveRequest, toRequest);
  const frequency = Form.useWatch('frequency', form) ?? task.frequency;
  const watched = Form.useWatch([], form) as TaskValues | undefined;
  const cron = previewCron(watched ?? toValues(task));

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    try {
      await save.mutateAsync(ZIntervalTaskSaveRequest.parse(toRequest(values)));
      feedback.success(t('repairs.tasks.saved'));
    } catch (error) {
      showFieldErrors(form, error);
    }
  };

  return (
    <Card
      size="small"
      title={task.typeName}
      data-testid={`reminder-${task.type}`}
      extra={
        <Button type="primary" size="small" loading={save.isPending} onClick={() => void submit()}>
          {t('system.common.save')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t(`repairs.tasks.help.${task.type}`)}</Typography.Paragraph>
      <Form<TaskValues>
        form={form}
        name={`reminder_${task.type}`}
        layout="vertical"
        initialValues={toValues(task)}
      >
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item name="isEnabled" label={t('repairs.tasks.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={16}>
            <Form.Item
              name="dataSourceId"
              label={t('repairs.request.sender')}
              rules={[rule('dataSourceId')]}
              // As in the repair dialog: an empty list says where a sender is set up.
              extra={senders.data?.length === 0 ? t('repairs.request.noSender') : undefined}
            >
              <Select
                allowClear
                placeholder={t('system.common.choose')}
                loading={senders.isLoading}
                options={(senders.data ?? []).map((s) => ({
                  value: s.id,
                  label: `${s.name} <${s.username}>`,
                }))}
                notFoundContent={t('repairs.request.noSender')}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="sendTime"
              label={t('repairs.tasks.sendTime')}
              rules={[rule('sendTime')]}
              extra={t('repairs.tasks.timeZone')}
            >
              <Input placeholder="08:30" maxLength={5} />
            </Form.Item>
          </Col>
          <Col span={16}>
            <Form.Item name="frequency" label={t('repairs.tasks.frequency')} rules={[rule('frequency')]}>
              <Radio.Group
                options={REMINDER_FREQUENCIES.map((value) => ({
                  value,
                  label: t(`repairs.tasks.frequencies.${value}`),
                }))}
              />
            </Form.Item>
            {frequency === 'days' ? (
              <Form.Item name="everyDays" label={t('repairs.tasks.everyDays')} rules={[rule('everyDays')]}>
                <InputNumber
                  min={1}
                  max={31}
                  precision={0}
                  suffix={t('repairs.tasks.days', {
                    count: Number(watched?.everyDays ?? task.everyDays ?? 1),
                  })}
                />
              </Form.Item>
            ) : null}
          </Col>
        </Row>
      </Form>
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('repairs.tasks.cron')}>
          <Typography.Text code>{cron || '—'}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('repairs.tasks.next')}>
          {task.isEnabled && task.nextTimes.length > 0 ? task.nextTimes.map(formatDateTime).join('；') : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('repairs.tasks.lastSent')}>
          {formatDateTime(task.lastSentTime) || '—'}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

function useSendLog(values: Record<string, unknown>, pageNo: number) {
  return useSendLogPage({
    pageNo,
    pageSize: PAGE_SIZE,
    ...(values['kind'] ? { kind: values['kind'] as TSendLogRecord['kind'] } : {}),
    ...(values['status'] ? { status: values['status'] as TSendLogRecord['status'] } : {}),
    ...(values['keywords'] ? { keywords: String(values['keywords']) } : {}),
  });
}

/**
 * Scheduled tasks (SPEC §2 /systemManage/TimedTask): the two no-data reminders and the log of every
 * e-mail the product sent or tried to send, with the server's reason when it failed.
 */
export function TimedTaskPage() {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const tasks = useIntervalTasks();

  // The columns' widths add up to what the card holds at 1366 px (≈ 1 060 px), so the last one is not cut.
  const columns: FitColumn<TSendLogRecord>[] = [
    { key: 'typeDesc', dataIndex: 'typeDesc', title: t('repairs.sendLog.typeDesc'), width: 110, wrap: true },
    { key: 'toName', dataIndex: 'toName', title: t('repairs.sendLog.toName'), width: 100, wrap: true },
    { key: 'toAddr', dataIndex: 'toAddr', title: t('repairs.sendLog.toAddr'), width: 170, wrap: true },
    { key: 'subject', dataIndex: 'subject', title: t('repairs.sendLog.subject'), width: 200, wrap: true },
    {
      key: 'statusDesc',
      dataIndex: 'statusDesc',
      title: t('repairs.sendLog.statusDesc'),
      width: 100,
      render: (name: string, r) => <Tag color={STATUS_COLORS[r.status]}>{name}</Tag>,
    },
    { key: 'attempts', dataIndex: 'attempts', title: t('repairs.sendLog.attempts'), width: 80 },
    { key: 'error', dataIndex: 'error', title: t('repairs.sendLog.error'), width: 190, wrap: true },
    {
      key: 'sendTime',
      dataIndex: 'sendTime',
      title: t('repairs.sendLog.sendTime'),
      width: 110,
      wrap: true,
      render: (v: string | null, r) => formatDateTime(v ?? r.createTime),
    },
  ];

  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {(tasks.data ?? []).map((task) => (
          <Col xs={24} xl={12} key={task.type}>
            <ReminderCard task={task} />
          </Col>
        ))}
      </Row>
      <Card size="small" title={t('repairs.sendLog.title')}>
        <ListPage<TSendLogRecord>
          bare
          search={{
            kind: 'form',
            name: 'sendLogSearch',
            fields: [
              {
                kind: 'select',
                name: 'kind',
                label: t('repairs.sendLog.typeDesc'),
                width: 170,
                options: MAIL_KINDS.map((value) => ({ value, label: t(`repairs.sendLog.kinds.${value}`) })),
              },
              {
                kind: 'select',
                name: 'status',
                label: t('repairs.sendLog.statusDesc'),
                options: MAIL_STATUSES.map((value) => ({
                  value,
                  label: t(`repairs.sendLog.statuses.${value}`),
                })),
              },
              { kind: 'text', name: 'keywords', label: t('repairs.sendLog.toAddr') },
            ],
          }}
          usePage={useSendLog}
          columns={columns}
        />
      </Card>
    </>
  );
}
