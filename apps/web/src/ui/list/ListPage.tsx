import { PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { FeatureKey, TPage } from '@masthub/shared';
import {
  Button,
  Card,
  DatePicker,
  Flex,
  Form,
  Input,
  Select,
  Space,
  Table,
  type TableColumnsType,
  type TableProps,
} from 'antd';
import type { Key, ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_FORMAT } from '../date-time.ts';
import { PermissionButton } from '../PermissionButton.tsx';
import { type FitColumn, fitColumns } from '../table/fit-columns.ts';
import { useElementWidth } from '../table/use-element-width.ts';
import { RowActionList, rowActionsOf } from './RowActionButtons.tsx';
import { rowActionsWidthPx, type TRowAction } from './row-actions.ts';
import { type DeleteSpec, useConfirmDelete } from './use-confirm-delete.tsx';
import { useServerPagination } from './use-server-pagination.ts';

/** A field of the search form: a text box, a choice, or a date-time range. */
export type SearchField =
  | { kind: 'text'; name: string; label: string; width?: number; placeholder?: string }
  | {
      kind: 'select';
      name: string;
      label: string;
      width?: number;
      options: readonly { value: string | number; label: string }[];
    }
  | { kind: 'dateTimeRange'; name: string; label: string; width?: number };

/** The search of a list: declared fields in an inline form (search / reset), or one keyword box. */
export type ListSearch =
  | { kind: 'form'; name: string; fields: readonly SearchField[]; onReset?: () => void }
  | { kind: 'keywords'; placeholder: string; width?: number };

/**
 * The row actions of a list, behind one feature: edit, the screen's own actions, and the server-checked
 * delete — at most three in the row, the rest in its "More" menu (RowActionList); the column is as wide as
 * the rows on the page need.
 */
export interface RowActions<T> {
  feature: FeatureKey;
  onEdit?: (record: T) => void;
  delete?: DeleteSpec<T>;
  /** Actions between edit and delete (e.g. "rights", "pull now"), most used first; each names its gate. */
  extra?: (record: T) => TRowAction[];
  /** Why a record cannot be deleted at all (the delete action is disabled with it as tooltip). */
  deleteBlocked?: (record: T) => string | undefined;
}

/** Create, edit and delete of a list's records behind one feature (the usual administration list). */
export interface ListEditor<T> {
  feature: FeatureKey;
  createLabel: string;
  /** Opens the form dialog: `null` to create, a record to edit. */
  open: (record: T | null) => void;
  /** Deletes (after the server's check, when given, and a confirmation worded by `texts`). */
  remove?: (record: T) => Promise<unknown>;
  check?: DeleteSpec<T>['check'];
  /** The i18n prefix of the delete texts (see DeleteSpec.texts). */
  texts?: string;
}

export interface ListPageProps<T extends object> {
  search?: ListSearch;
  /**
   * The page for the search values (form values, or `{ keywords }`) and the page number — a react-query
   * hook, called here once per render.
   */
  usePage: (
    values: Record<string, unknown>,
    pageNo: number,
  ) => { data?: TPage<T> | undefined; isFetching: boolean; refetch: () => unknown };
  /** Values always passed to `usePage` with the search values (e.g. the tab's rule type). */
  baseValues?: Record<string, unknown>;
  columns: FitColumn<T>[];
  /** Create / edit / delete; `actions` may add buttons, a width or blocked deletes on top. */
  editor?: ListEditor<T>;
  actions?: Partial<RowActions<T>>;
  create?: { feature: FeatureKey; label: string; onClick: () => void };
  /** More toolbar content, left of refresh and create. */
  toolbar?: ReactNode;
  /** A line above the table (what the list is narrowed to). */
  caption?: ReactNode;
  rowKey?: string | ((record: T) => Key);
  /** Further table settings (expandable rows…). */
  tableProps?: Omit<TableProps<T>, 'columns' | 'dataSource' | 'pagination' | 'loading' | 'rowKey'>;
  /** Inside a tab or card already: no card of its own. */
  bare?: boolean;
}

/**
 * The administration list page (issue 13): a declared search, a paged table of 20 laid out to fit its
 * container, a toolbar with refresh and a permission-gated create button, and row actions with the
 * server-checked delete. A new list screen is one declaration of columns and search fields plus its API
 * hooks.
 */
export function ListPage<T extends object>({
  search,
  usePage,
  baseValues,
  columns,
  editor,
  actions: givenActions,
  create: givenCreate,
  toolbar,
  caption,
  rowKey = 'id',
  tableProps,
  bare = false,
}: ListPageProps<T>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [pageNo, setPageNo] = useState(1);
  const { data: page, isFetching, refetch } = usePage({ ...baseValues, ...values }, pageNo);
  const pagination = useServerPagination(pageNo, page?.total, setPageNo);
  const actions: RowActions<T> | undefined = editor
    ? {
        feature: editor.feature,
        onEdit: (record) => editor.open(record),
        ...(editor.remove
          ? { delete: { remove: editor.remove, check: editor.check, texts: editor.texts } }
          : {}),
        ...givenActions,
      }
    : (givenActions as RowActions<T> | undefined);
  const create =
    givenCreate ??
    (editor
      ? { feature: editor.feature, label: editor.createLabel, onClick: () => editor.open(null) }
      : undefined);
  const askDelete = useConfirmDelete(actions?.delete);
  const [tableBox, containerWidth] = useElementWidth();
  const apply = (next: Record<string, unknown>) => {
    setValues(next);
    setPageNo(1);
  };

  const rowActions = (record: T): TRowAction[] =>
    actions
      ? rowActionsOf(t, {
          feature: actions.feature,
          onEdit: actions.onEdit ? () => actions.onEdit?.(record) : undefined,
          extra: actions.extra?.(record),
          deleteBlocked: actions.delete ? actions.deleteBlocked?.(record) : undefined,
          onDelete: actions.delete ? () => void askDelete(record) : undefined,
        })
      : [];
  const actionTitle = t('system.common.actions');
  const actionColumn: TableColumnsType<T> = actions
    ? [
        {
          key: 'actions',
          title: actionTitle,
          fixed: 'right',
          width: rowActionsWidthPx((page?.records ?? []).map(rowActions), {
            more: t('common.actions.more'),
            title: actionTitle,
          }),
          render: (_: unknown, record: T) => <RowActionList actions={rowActions(record)} />,
        },
      ]
    : [];
  const fit = fitColumns<T>([...columns, ...actionColumn], containerWidth);

  const refresh = (
    <Button
      icon={<ReloadOutlined />}
      onClick={() => void refetch()}
      aria-label={t('common.actions.refresh')}
    />
  );
  const createButton = create ? (
    <PermissionButton
      feature={create.feature}
      type="primary"
      icon={<PlusOutlined />}
      onClick={create.onClick}
    >
      {create.label}
    </PermissionButton>
  ) : null;

  const searchArea =
    search?.kind === 'form' ? (
      <Form
        form={form}
        name={search.name}
        layout="inline"
        style={{ rowGap: 12, flex: 1 }}
        onFinish={(next) => apply(next)}
      >
        {search.fields.map((field) => (
          <Form.Item key={field.name} name={field.name} label={field.label}>
            {field.kind === 'text' ? (
              <Input allowClear placeholder={field.placeholder} style={{ width: field.width ?? 160 }} />
            ) : field.kind === 'select' ? (
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('system.common.all')}
                options={[...field.options]}
                style={{ width: field.width ?? 140 }}
              />
            ) : (
              <DatePicker.RangePicker
                showTime
                format={DATE_TIME_FORMAT}
                style={{ width: field.width ?? 380 }}
              />
            )}
          </Form.Item>
        ))}
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('system.common.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                apply({});
                search.onReset?.();
              }}
            >
              {t('system.common.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
    ) : search?.kind === 'keywords' ? (
      <Input.Search
        allowClear
        enterButton={<SearchOutlined />}
        placeholder={search.placeholder}
        aria-label={search.placeholder}
        onSearch={(keywords) => apply({ keywords })}
        style={{ width: search.width ?? 320 }}
      />
    ) : (
      <span />
    );

  const body = (
    <>
      <Flex justify="space-between" align="flex-start" gap={12} wrap style={{ marginBottom: 16 }}>
        {searchArea}
        <Space>
          {toolbar}
          {refresh}
          {createButton}
        </Space>
      </Flex>
      {caption ? <div style={{ marginBottom: 12 }}>{caption}</div> : null}
      <div ref={tableBox}>
        <Table<T>
          rowKey={rowKey as TableProps<T>['rowKey']}
          size="middle"
          loading={isFetching}
          columns={fit.columns}
          dataSource={page?.records ?? []}
          {...fit.tableProps}
          {...tableProps}
          pagination={pagination}
        />
      </div>
    </>
  );
  return bare ? body : <Card>{body}</Card>;
}
