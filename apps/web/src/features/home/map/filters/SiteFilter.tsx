import { FilterOutlined } from '@ant-design/icons';
import { Badge, Button, Flex, Form, Input, Select, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useGenericOptions,
  useOwnerOptions,
  useRegions,
  useStationStatuses,
  useTagOptions,
} from '../../../stations/index.ts';
import { compactFilter, type TMapSiteFilter } from '../../api.ts';

type FormValues = Pick<
  TMapSiteFilter,
  'keywords' | 'projectName' | 'status' | 'stationType' | 'ownerPartyId' | 'tagIds' | 'regionCodes'
>;

/** How many filter fields are set (the badge on the section title). */
export function activeFilterCount(filter: TMapSiteFilter): number {
  return Object.keys(compactFilter(filter)).length;
}

/** A filter field matching any of the chosen options ("any" while none is chosen). */
function AnyOfItem({
  name,
  label,
  options,
  isSearchable = false,
  marginBottom = 8,
}: {
  name: keyof FormValues;
  label: string;
  options: { value: string | number; label: string }[];
  isSearchable?: boolean;
  marginBottom?: number;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={label} style={{ marginBottom }}>
      <Select
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        {...(isSearchable ? { showSearch: { optionFilterProp: 'label' } } : {})}
        placeholder={t('home-overview.filter.any')}
        options={options}
      />
    </Form.Item>
  );
}

/**
 * The site query of the home map (SPEC §2 "site query with filters"): keywords, project, status, station
 * type, owner party, tags and province. "Query" applies the form; the map's sites, counts and overview
 * follow the applied filter.
 */
export function SiteFilter({
  value,
  onChange,
}: {
  value: TMapSiteFilter;
  onChange: (filter: TMapSiteFilter) => void;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const statuses = useStationStatuses();
  const types = useGenericOptions('/web/common/station_types');
  const owners = useOwnerOptions();
  const tags = useTagOptions();
  const regions = useRegions();
  const isEnglish = i18n.language.startsWith('en');
  const provinceOptions = useMemo(
    () => (regions.data ?? []).map((r) => ({ value: r.code, label: isEnglish ? r.nameEn : r.name })),
    [regions.data, isEnglish],
  );
  const count = activeFilterCount(value);

  // The form follows outside changes of the applied filter (a reset from elsewhere).
  useEffect(() => {
    form.setFieldsValue({
      keywords: value.keywords,
      projectName: value.projectName,
      status: value.status,
      stationType: value.stationType,
      ownerPartyId: value.ownerPartyId,
      tagIds: value.tagIds,
      regionCodes: value.regionCodes,
    });
  }, [form, value]);

  const ownerOptions = (owners.data ?? []).map((o) => ({ value: o.id, label: o.name }));
  const tagOptions = (tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }));
  return (
    <section aria-label={t('home-overview.filter.title')} data-testid="site-filter">
      <Flex align="center" gap={6}>
        <FilterOutlined />
        <Typography.Text strong>{t('home-overview.filter.title')}</Typography.Text>
        <Badge count={count} size="small" />
      </Flex>
      <Form<FormValues>
        form={form}
        name="map-site-filter"
        layout="vertical"
        size="small"
        style={{ marginTop: 8 }}
        onFinish={(values) => onChange(compactFilter(values))}
      >
        <Form.Item name="keywords" label={t('home-overview.filter.keywords')} style={{ marginBottom: 8 }}>
          <Input allowClear placeholder={t('home-overview.filter.keywordsPlaceholder')} maxLength={50} />
        </Form.Item>
        <Form.Item name="projectName" label={t('home-overview.filter.project')} style={{ marginBottom: 8 }}>
          <Input allowClear placeholder={t('home-overview.filter.projectPlaceholder')} maxLength={50} />
        </Form.Item>
        <AnyOfItem
          name="status"
          label={t('home-overview.filter.status')}
          options={(statuses.data ?? []).map((s) => ({ value: s.value, label: s.name }))}
        />
        <AnyOfItem
          name="stationType"
          label={t('home-overview.filter.type')}
          options={(types.data ?? []).map((o) => ({ value: o.value, label: o.name }))}
        />
        <AnyOfItem
          name="ownerPartyId"
          label={t('home-overview.filter.owner')}
          options={ownerOptions}
          isSearchable
        />
        <AnyOfItem name="tagIds" label={t('home-overview.filter.tags')} options={tagOptions} isSearchable />
        <AnyOfItem
          name="regionCodes"
          label={t('home-overview.filter.province')}
          options={provinceOptions}
          isSearchable
          marginBottom={12}
        />
        <Flex gap={8}>
          <Button type="primary" htmlType="submit">
            {t('home-overview.filter.submit')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onChange({});
            }}
            disabled={count === 0}
          >
            {t('home-overview.filter.reset')}
          </Button>
        </Flex>
      </Form>
    </section>
  );
}
