import type { TFormField } from '@masthub/shared';
import {
  AutoComplete,
  Cascader,
  DatePicker,
  Input,
  InputNumber,
  Select,
  type SelectProps,
  Tag,
  TreeSelect,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppLanguage } from '../../i18n/i18n.ts';
import { DATE_TIME_FORMAT } from '../../ui/date-time.ts';
import {
  useGenericOptions,
  useManufacturerTree,
  useOwnerOptions,
  useProjectNames,
  useRegions,
  useTagOptions,
  useUserPickerOptions,
} from './api.ts';
import { toCascaderOptions, toRegionTree } from './field-options.ts';

const DATE_FORMAT = 'YYYY-MM-DD';

/** Where the forms keep plain strings, the pickers get dayjs values (see station-form.ts). */
export function dateItemProps(field: TFormField) {
  const format = field.type === 'dateTimeRange' ? DATE_TIME_FORMAT : DATE_FORMAT;
  if (field.type === 'date') {
    return {
      getValueProps: (value: unknown) => ({
        value: typeof value === 'string' && value ? dayjs(value) : null,
      }),
      normalize: (value: Dayjs | null) => (value ? value.format(format) : null),
    };
  }
  if (field.type === 'dateRange' || field.type === 'dateTimeRange') {
    return {
      getValueProps: (value: unknown) => ({
        value: Array.isArray(value) && value.length === 2 ? [dayjs(value[0]), dayjs(value[1])] : null,
      }),
      normalize: (value: [Dayjs | null, Dayjs | null] | null) =>
        value?.[0] && value[1] ? [value[0].format(format), value[1].format(format)] : null,
    };
  }
  return {};
}

interface ControlProps {
  field: TFormField;
  /** Query form: selects allow many values and are cleared freely. */
  mode: 'query' | 'edit';
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
}

type Options = NonNullable<SelectProps['options']>;

function useChooseProps(mode: ControlProps['mode'], isMultiple: boolean): Partial<SelectProps> {
  const { t } = useTranslation();
  return {
    allowClear: true,
    showSearch: { optionFilterProp: 'label' },
    placeholder: mode === 'query' ? t('stations.form.all') : t('stations.form.choose'),
    ...(isMultiple ? { mode: 'multiple' as const, maxTagCount: 'responsive' as const } : {}),
  };
}

function SimpleSelect({
  field,
  mode,
  options,
  loading,
  ...rest
}: ControlProps & { options: Options; loading?: boolean }) {
  const isMultiple = field.type === 'multiSelect';
  const props = useChooseProps(mode, isMultiple);
  return (
    <Select
      {...props}
      {...rest}
      value={rest.value as SelectProps['value']}
      onChange={(value) => rest.onChange?.(value ?? (isMultiple ? [] : null))}
      loading={loading}
      options={options}
      maxCount={field.maxCount}
    />
  );
}

function InlineOrGenericSelect(props: ControlProps) {
  const { field } = props;
  const { data = [], isFetching } = useGenericOptions(field.options ? undefined : field.optionsUrl);
  const options = useMemo<Options>(
    () =>
      field.options
        ? field.options.map((option) => ({ value: option.value, label: option.label }))
        : data.map((option) => ({ value: option.value, label: option.name })),
    [field.options, data],
  );
  return <SimpleSelect {...props} options={options} loading={isFetching} />;
}

function OwnerSelect(props: ControlProps) {
  const { data = [], isFetching } = useOwnerOptions();
  const options = useMemo(() => data.map((owner) => ({ value: owner.id, label: owner.name })), [data]);
  return <SimpleSelect {...props} options={options} loading={isFetching} />;
}

function UserSelect(props: ControlProps) {
  const { data = [], isFetching } = useUserPickerOptions();
  const options = useMemo(
    () => data.map((user) => ({ value: user.id, label: `${user.userName} (${user.account})` })),
    [data],
  );
  return <SimpleSelect {...props} options={options} loading={isFetching} />;
}

function TagSelect({ field, mode, ...rest }: ControlProps) {
  const onlyEnabled = field.optionsUrl?.includes('status=enable') ?? false;
  const { data = [], isFetching } = useTagOptions(onlyEnabled ? 'enable' : undefined);
  const props = useChooseProps(mode, true);
  const colors = useMemo(() => new Map(data.map((tag) => [tag.id, tag.color])), [data]);
  return (
    <Select
      {...props}
      {...rest}
      value={rest.value as number[] | undefined}
      onChange={(value) => rest.onChange?.(value ?? [])}
      loading={isFetching}
      maxCount={field.maxCount}
      options={data.map((tag) => ({ value: tag.id, label: tag.name }))}
      tagRender={({ label, value, closable, onClose }) => (
        <Tag
          color={colors.get(value as number)}
          closable={closable}
          onClose={onClose}
          style={{ marginInlineEnd: 4 }}
        >
          {label}
        </Tag>
      )}
    />
  );
}

function RegionSelect({ field, mode, ...rest }: ControlProps) {
  const { t } = useTranslation();
  const language = useAppLanguage();
  const { data = [] } = useRegions();
  const treeData = useMemo(() => toRegionTree(data, language), [data, language]);
  const isMultiple = field.type === 'multiSelect';
  return (
    <TreeSelect
      {...rest}
      value={rest.value as string | string[] | undefined}
      onChange={(value) => rest.onChange?.(value ?? (isMultiple ? [] : null))}
      allowClear
      showSearch={{ treeNodeFilterProp: 'title' }}
      multiple={isMultiple}
      maxTagCount="responsive"
      treeData={treeData}
      placeholder={mode === 'query' ? t('stations.form.all') : t('stations.form.choose')}
    />
  );
}

function ManufacturerCascader({ mode, ...rest }: ControlProps) {
  const { t } = useTranslation();
  const { data = [] } = useManufacturerTree();
  const options = useMemo(() => toCascaderOptions(data), [data]);
  const common = {
    id: rest.id,
    allowClear: true,
    showSearch: true,
    options,
    placeholder: mode === 'query' ? t('stations.form.all') : t('stations.form.choose'),
  };
  if (mode === 'query') {
    return (
      <Cascader
        {...common}
        multiple
        maxTagCount="responsive"
        value={rest.value as number[][] | undefined}
        onChange={(value) => rest.onChange?.(value ?? [])}
      />
    );
  }
  return (
    <Cascader
      {...common}
      value={rest.value as number[] | undefined}
      onChange={(value) => rest.onChange?.(value ?? null)}
    />
  );
}

function ProjectNameInput({ field, ...rest }: ControlProps) {
  const [keywords, setKeywords] = useState('');
  const { data = [] } = useProjectNames(keywords);
  return (
    <AutoComplete
      {...rest}
      value={rest.value as string | undefined}
      onChange={(value) => rest.onChange?.(value)}
      showSearch={{ onSearch: setKeywords }}
      allowClear
      maxLength={field.maxLength}
      options={data.map((name) => ({ value: name }))}
    />
  );
}

/** The input of one server-driven field (SPEC §3: the server defines the site query and edit forms). */
export function FieldControl(props: ControlProps) {
  const { t } = useTranslation();
  const { field, mode, ...rest } = props;
  const url = field.optionsUrl?.split('?')[0];
  switch (field.type) {
    case 'input':
      if (url === '/web/common/project_names' && mode === 'query') return <ProjectNameInput {...props} />;
      return (
        <Input
          {...rest}
          value={(rest.value as string | null | undefined) ?? ''}
          onChange={(event) => rest.onChange?.(event.target.value)}
          allowClear={mode === 'query'}
          maxLength={field.maxLength}
        />
      );
    case 'textarea':
      return (
        <Input.TextArea
          {...rest}
          value={(rest.value as string | null | undefined) ?? ''}
          onChange={(event) => rest.onChange?.(event.target.value)}
          maxLength={field.maxLength}
          showCount={field.maxLength !== undefined}
          autoSize={{ minRows: 2, maxRows: 4 }}
        />
      );
    case 'number':
      return (
        <InputNumber
          {...rest}
          value={rest.value as number | null | undefined}
          onChange={(value) => rest.onChange?.(value ?? null)}
          // No min/max clamping: an out-of-range value stays and gets the shared schema's message.
          style={{ width: '100%' }}
        />
      );
    case 'date':
      return <DatePicker {...(rest as object)} style={{ width: '100%' }} />;
    case 'dateRange':
      return <DatePicker.RangePicker {...(rest as object)} style={{ width: '100%' }} />;
    case 'dateTimeRange':
      return <DatePicker.RangePicker {...(rest as object)} showTime style={{ width: '100%' }} />;
    case 'emails':
      return (
        <Select
          {...rest}
          value={rest.value as string[] | undefined}
          onChange={(value) => rest.onChange?.(value ?? [])}
          mode="tags"
          tokenSeparators={[',', ';', ' ']}
          open={false}
          suffixIcon={null}
          placeholder={t('stations.form.emailsPlaceholder')}
        />
      );
    case 'tags':
      return <TagSelect {...props} />;
    case 'cascader':
      return <ManufacturerCascader {...props} />;
    default:
      if (url === '/web/common/regions') return <RegionSelect {...props} />;
      if (url === '/web/common/owners') return <OwnerSelect {...props} />;
      if (url === '/security/sys/user/list') return <UserSelect {...props} />;
      return <InlineOrGenericSelect {...props} />;
  }
}
