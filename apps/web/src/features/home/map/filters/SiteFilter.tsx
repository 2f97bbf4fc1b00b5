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

  const multi = { mode: 'multiple' as const, allowClear: true, maxTagCount: 'responsive' as const };
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
        <Form.Item name="status" label={t('home-overview.filter.status')} style={{ marginBottom: 8 }}>
          <Select
            {...multi}
            placeholder={t('home-overview.filter.any')}
            options={(statuses.data ?? []).map((s) => ({ value: s.value, label: s.name }))}
          />
        </Form.Item>
        <Form.Item name="stationType" label={t('home-overview.filter.type')} style={{ marginBottom: 8 }}>
          <Select
            {...multi}
            placeholder={t('home-overview.filter.any')}
            options={(types.data ?? []).map((o) => ({ value: o.value, label: o.name }))}
          />
        </Form.Item>
        <Form.Item name="ownerPartyId" label={t('home-overview.filter.owner')} style={{ marginBottom: 8 }}>
          <Select
            {...multi}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('home-overview.filter.any')}
            options={(owners.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
          />
        </Form.Item>
        <Form.Item name="tagIds" label={t('home-overview.filter.tags')} style={{ marginBottom: 8 }}>
          <Select
            {...multi}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('home-overview.filter.any')}
            options={(tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
          />
        </Form.Item>
        <Form.Item name="regionCodes" label={t('home-overview.filter.province')} style={{ marginBottom: 12 }}>
          <Select
            {...multi}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('home-overview.filter.any')}
            options={provinceOptions}
          />
        </Form.Item>
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
