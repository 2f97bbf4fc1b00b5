import {
  STATEMENT_TYPES,
  type TDataSourceOption,
  type TReportGroupRecord,
  type TReportGroupSaveInput,
  type TReportGroupSaveRequest,
  ZReportGroupSaveRequest,
} from '@masthub/shared';
import { PAGE_SIZE } from '@masthub/shared/constants.ts';
import {
  Button,
  Checkbox,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RuleCol } from '../../ui/form/RuleItem.tsx';
import { ListPage } from '../../ui/list/ListPage.tsx';
import { SchemaFormModal } from '../../ui/list/SchemaFormModal.tsx';
import type { FitColumn } from '../../ui/table/fit-columns.ts';
import { FieldCol } from '../analysis-form/index.ts';
import { useSenders } from '../repairs/index.ts';
import { useDeleteGroup, useGroupPage, useSaveGroup, useTemplates } from './api.ts';

const StationPickerModal = lazy(() =>
  import('../home/index.ts').then((m) => ({ default: m.StationPickerModal })),
);

const STATUS_COLORS: Record<string, string> = { generating: 'blue', success: 'green', failure: 'red' };

function useGroups(values: Record<string, unknown>, pageNo: number) {
  const keywords = (values['keywords'] as string | undefined)?.trim();
  const validity = values['validity'] as 0 | 1 | undefined;
  return useGroupPage({
    pageNo,
    pageSize: PAGE_SIZE,
    ...(keywords ? { keywords } : {}),
    ...(validity !== undefined ? { validity } : {}),
  });
}

interface GroupValues extends Omit<Partial<TReportGroupSaveInput>, 'effectiveDate'> {
  effectiveDate?: [Dayjs, Dayjs] | null;
}

function toValues(group: TReportGroupRecord | null): GroupValues {
  if (!group) {
    return {
      reportType: ['weekly'],
      autoGenerate: true,
      autoSend: false,
      generateTimes: '08:00',
      week: 1,
      month: 1,
      language: 'zh',
      receiverAddress: [],
      copyAddress: [],
      stationIds: [],
      effectiveDate: [dayjs().startOf('day'), dayjs().add(1, 'year').startOf('day')],
    };
  }
  return {
    ...group,
    effectiveDate: [dayjs(group.effectiveDate[0]), dayjs(group.effectiveDate[1])],
  };
}

/** The group's sites as a form control: how many are chosen, and the button that opens the picker. */
function PickedSites({ value, onPick }: { value?: number[]; onPick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button onClick={onPick} data-testid="group-pick-stations">
      {t('reports.group.pick', { count: value?.length ?? 0 })}
    </Button>
  );
}

/** The groups' columns: the name opens the group, then types, sites, validity, schedule and sending. */
function useGroupColumns(): FitColumn<TReportGroupRecord>[] {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const weekday = (n: number) => t(`reports.group.weekdays.${n}`);
  return [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('reports.group.name'),
      width: 160,
      wrap: true,
      render: (name: string, r) => (
        <Typography.Link
          onClick={() => void navigate(`/report/groupReport/groupDetail/reportList?id=${r.id}`)}
        >
          {name}
        </Typography.Link>
      ),
    },
    { key: 'reportTypeName', dataIndex: 'reportTypeName', title: t('reports.group.reportType'), width: 100 },
    { key: 'stationCount', dataIndex: 'stationCount', title: t('reports.group.stationCount'), width: 80 },
    {
      key: 'effectiveDate',
      title: t('reports.group.effectiveDate'),
      width: 190,
      // The dates, then whether they hold today: the tag goes under them rather than being cut.
      wrap: true,
      render: (_, r) => (
        <>
          {r.effectiveDate.join(' ~ ')}{' '}
          <Tag color={r.isEffective ? 'green' : 'default'}>
            {r.isEffective ? t('reports.group.within') : t('reports.group.outside')}
          </Tag>
        </>
      ),
    },
    {
      key: 'schedule',
      title: t('reports.group.schedule'),
      width: 170,
      wrap: true,
      render: (_, r) =>
        r.autoGenerate
          ? [
              r.reportType.includes('weekly') ? `${weekday(r.week)} ${r.generateTimes}` : '',
              r.reportType.includes('monthly')
                ? t('reports.group.monthDay', { day: r.month, time: r.generateTimes })
                : '',
            ]
              .filter(Boolean)
              .join(' / ')
          : t('reports.group.manual'),
    },
    {
      key: 'autoSend',
      title: t('reports.group.autoSend'),
      width: 150,
      wrap: true,
      render: (_, r) => (r.autoSend ? r.receiverAddress.join(', ') : t('reports.group.noSend')),
    },
    {
      key: 'last',
      dataIndex: 'lastStatusName',
      title: t('reports.group.lastStatus'),
      width: 110,
      render: (name: string, r) => (name ? <Tag color={STATUS_COLORS[r.lastStatus ?? '']}>{name}</Tag> : '—'),
    },
    { key: 'creatorName', dataIndex: 'creatorName', title: t('reports.group.creator'), width: 90 },
  ];
}

/** The form's values as the save request (what is missing is left for the schema to name). */
function toGroupRequest(
  editing: TReportGroupRecord | null | undefined,
  v: GroupValues,
): TReportGroupSaveInput {
  return {
    ...(editing ? { id: editing.id } : {}),
    name: v.name ?? '',
    effectiveDate: v.effectiveDate
      ? [v.effectiveDate[0].format('YYYY-MM-DD'), v.effectiveDate[1].format('YYYY-MM-DD')]
      : (undefined as never),
    reportType: v.reportType ?? [],
    weeklyTemplateId: v.weeklyTemplateId ?? null,
    monthlyTemplateId: v.monthlyTemplateId ?? null,
    autoGenerate: v.autoGenerate ?? false,
    autoSend: v.autoSend ?? false,
    generateTimes: v.generateTimes ?? '',
    week: v.week ?? 1,
    month: v.month ?? 1,
    dataSourceId: v.dataSourceId ?? null,
    receiverAddress: v.receiverAddress ?? [],
    copyAddress: v.copyAddress ?? [],
    language: v.language ?? 'zh',
    stationIds: v.stationIds ?? [],
  };
}

/** When a group's reports are made (weekday, day of month, time) and to whom they are e-mailed. */
function ScheduleAndSendingCols({
  isAutoSend,
  senders,
}: {
  isAutoSend: boolean;
  senders: readonly Pick<TDataSourceOption, 'id' | 'name' | 'username'>[] | undefined;
}) {
  const { t } = useTranslation();
  const weekday = (n: number) => t(`reports.group.weekdays.${n}`);
  return (
    <>
      <FieldCol span={8} name="autoGenerate" label={t('reports.group.autoGenerate')}>
        <Radio.Group
          options={[
            { value: true, label: t('reports.group.yes') },
            { value: false, label: t('reports.group.no') },
          ]}
        />
      </FieldCol>
      <FieldCol span={5} name="generateTimes" label={t('reports.group.generateTimes')}>
        <Input placeholder="08:00" maxLength={5} />
      </FieldCol>
      <FieldCol span={6} name="week" label={t('reports.group.week')}>
        <Select options={[1, 2, 3, 4, 5, 6, 7].map((value) => ({ value, label: weekday(value) }))} />
      </FieldCol>
      <FieldCol span={5} name="month" label={t('reports.group.month')}>
        <InputNumber min={1} max={28} precision={0} style={{ width: '100%' }} />
      </FieldCol>
      <FieldCol span={8} name="autoSend" label={t('reports.group.autoSend')}>
        <Radio.Group
          options={[
            { value: true, label: t('reports.group.yes') },
            { value: false, label: t('reports.group.no') },
          ]}
        />
      </FieldCol>
      <RuleCol span={16} name="dataSourceId" label={t('reports.group.sender')} required={isAutoSend}>
        <Select
          allowClear
          options={(senders ?? []).map((s) => ({
            value: s.id,
            label: `${s.name} <${s.username}>`,
          }))}
        />
      </RuleCol>
      <RuleCol span={12} name="receiverAddress" label={t('reports.group.receivers')} required={isAutoSend}>
        <Select mode="tags" tokenSeparators={[',', ';', ' ']} open={false} />
      </RuleCol>
      <FieldCol span={12} name="copyAddress" label={t('reports.group.cc')}>
        <Select mode="tags" tokenSeparators={[',', ';', ' ']} open={false} />
      </FieldCol>
    </>
  );
}

/**
 * Report groups (SPEC §2 /report/groupReport, §3, §5): the sites reported on together, weekly and/or
 * monthly, on a schedule or on demand, and to whom the reports are e-mailed. A row opens the group.
 */
export function GroupReportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<TReportGroupRecord | null>();
  const [isPicking, setPicking] = useState(false);
  const [form] = Form.useForm<GroupValues>();
  const save = useSaveGroup();
  const remove = useDeleteGroup();
  const weekly = useTemplates(0);
  const monthly = useTemplates(1);
  const senders = useSenders(editing !== undefined);
  const types = Form.useWatch('reportType', form) ?? [];
  const stationIds = Form.useWatch('stationIds', form) ?? [];
  const autoSend = Form.useWatch('autoSend', form) ?? false;
  const columns = useGroupColumns();

  return (
    <>
      <ListPage<TReportGroupRecord>
        search={{
          kind: 'form',
          name: 'groupSearch',
          fields: [
            { kind: 'text', name: 'keywords', label: t('reports.group.name') },
            {
              kind: 'select',
              name: 'validity',
              label: t('reports.group.validity'),
              options: [
                { value: 1, label: t('reports.group.within') },
                { value: 0, label: t('reports.group.outside') },
              ],
            },
          ],
        }}
        usePage={useGroups}
        columns={columns}
        editor={{
          feature: 'reportGroup.add',
          createLabel: t('reports.group.add'),
          open: (record) => setEditing(record),
          remove: (record) => remove.mutateAsync(record.id),
          texts: 'reports.group',
        }}
        actions={{
          extra: (record) => [
            {
              key: 'open',
              label: t('reports.group.open'),
              onClick: () => void navigate(`/report/groupReport/groupDetail/reportList?id=${record.id}`),
            },
          ],
        }}
      />
      <SchemaFormModal<GroupValues, TReportGroupSaveInput, { id: number }>
        open={editing !== undefined}
        name="groupForm"
        form={form}
        width={760}
        title={editing ? t('reports.group.edit') : t('reports.group.add')}
        initialValues={toValues(editing ?? null)}
        toRequest={(v) => toGroupRequest(editing, v)}
        schema={ZReportGroupSaveRequest}
        save={(request) =>
          save.mutateAsync(ZReportGroupSaveRequest.parse(request) as TReportGroupSaveRequest)
        }
        savedMessage={t('reports.group.saved')}
        onSaved={() => setEditing(undefined)}
        onClose={() => setEditing(undefined)}
      >
        {({ rule }) => (
          <Row gutter={16}>
            <FieldCol span={12} name="name" label={t('reports.group.name')} isRequired>
              <Input maxLength={50} />
            </FieldCol>
            <FieldCol span={12} name="effectiveDate" label={t('reports.group.effectiveDate')} isRequired>
              <DatePicker.RangePicker style={{ width: '100%' }} />
            </FieldCol>
            <FieldCol span={12} name="reportType" label={t('reports.group.reportType')} isRequired>
              <Checkbox.Group
                options={STATEMENT_TYPES.map((value) => ({ value, label: t(`reports.types.${value}`) }))}
              />
            </FieldCol>
            <FieldCol span={12} name="language" label={t('reports.group.language')} isRequired>
              <Radio.Group
                options={[
                  { value: 'zh', label: '中文' },
                  { value: 'en', label: 'English' },
                ]}
              />
            </FieldCol>
            {(
              [
                ['weekly', 'weeklyTemplateId', weekly.data],
                ['monthly', 'monthlyTemplateId', monthly.data],
              ] as const
            ).map(([type, name, templates]) => (
              <Col span={12} key={name}>
                <Form.Item
                  name={name}
                  label={t(`reports.group.${type}Template`)}
                  rules={[rule(name)]}
                  required={types.includes(type)}
                >
                  <Select
                    disabled={!types.includes(type)}
                    options={(templates ?? []).map((tpl) => ({ value: tpl.id, label: tpl.tempName }))}
                  />
                </Form.Item>
              </Col>
            ))}
            <ScheduleAndSendingCols isAutoSend={autoSend} senders={senders.data} />
            <FieldCol span={24} name="stationIds" label={t('reports.group.stations')} isRequired>
              <PickedSites onPick={() => setPicking(true)} />
            </FieldCol>
          </Row>
        )}
      </SchemaFormModal>
      {isPicking ? (
        <Suspense fallback={null}>
          <StationPickerModal
            open
            title={t('reports.group.stations')}
            value={stationIds}
            maxCount={200}
            onOk={(ids) => {
              form.setFieldsValue({ stationIds: ids });
              void form.validateFields(['stationIds']).catch(() => undefined);
              setPicking(false);
            }}
            onCancel={() => setPicking(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
