import { SaveOutlined } from '@ant-design/icons';
import type { TDataScope, TStationOption } from '@masthub/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Flex, Radio, Row, Space, Spin, Transfer, Tree, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { feedback } from '../../browser/feedback.ts';
import { BackTitle } from '../../ui/BackTitle.tsx';
import { LinkResult } from '../../ui/LinkResult.tsx';
import { PermissionButton } from '../../ui/PermissionButton.tsx';
import { buildFeatureTree, fetchStationOptions, toFeatureKeys } from '../access/index.ts';
import { parseIdParam } from '../users/index.ts';
import { useRoleRights, useSaveRoleRights } from './api.ts';
import { mergeStationOptions, stationMatches } from './roles.utils.ts';

/** Sites offered by the picker: everything the administrator may see, up to the call's limit. */
const STATION_OPTION_LIMIT = 1000;

/**
 * A role's rights (SPEC §2 RoleRight, §6): the function tree over FEATURE_GROUPS, and the data scope —
 * every site including future ones, or a chosen list.
 */
export function RoleRightPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const roleId = parseIdParam(params.get('roleId'));
  const { data: rights, isLoading, isError } = useRoleRights(roleId);
  const { data: options = [], isFetching: isLoadingStations } = useQuery({
    queryKey: ['stations', 'options', STATION_OPTION_LIMIT],
    queryFn: () => fetchStationOptions('', STATION_OPTION_LIMIT),
    enabled: roleId !== undefined,
  });
  const save = useSaveRoleRights();
  const [checked, setChecked] = useState<string[]>([]);
  const [dataScope, setDataScope] = useState<TDataScope>('list');
  const [stationKeys, setStationKeys] = useState<string[]>([]);

  useEffect(() => {
    if (!rights) return;
    setChecked(rights.features);
    setDataScope(rights.dataScope);
    setStationKeys(rights.stations.map((station) => String(station.id)));
  }, [rights]);

  const treeData = useMemo(
    () =>
      buildFeatureTree().map((group) => ({
        key: group.key,
        title: t(group.labelKey),
        children: group.children?.map((child) => ({ key: child.key, title: t(child.labelKey) })),
      })),
    [t],
  );
  const stations = useMemo(() => mergeStationOptions(options, rights?.stations ?? []), [options, rights]);

  if (roleId === undefined || isError) {
    return (
      <LinkResult
        status="warning"
        title={t('system.role.noRole')}
        to="/systemManage/RoleManage/RoleList"
        linkLabel={t('system.role.backToList')}
      />
    );
  }
  if (isLoading || !rights) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin size="large" />
      </Flex>
    );
  }

  const isLocked = rights.isAdmin;
  const features = toFeatureKeys(checked);

  const submit = async () => {
    await save.mutateAsync({
      roleId,
      features,
      dataScope,
      stationIds: dataScope === 'list' ? stationKeys.map(Number) : [],
    });
    feedback.success(t('system.common.saved'));
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Flex justify="space-between" align="flex-end" gap={12} wrap>
          <BackTitle
            to="/systemManage/RoleManage/RoleList"
            backLabel={t('system.role.backToList')}
            title={t('system.role.rightsTitle', { name: rights.roleName })}
          />
          <PermissionButton
            feature="system.role"
            type="primary"
            icon={<SaveOutlined />}
            loading={save.isPending}
            disabled={isLocked}
            onClick={() => void submit().catch(() => undefined)}
          >
            {t('system.role.saveRights')}
          </PermissionButton>
        </Flex>
        {isLocked ? (
          <Alert type="info" showIcon title={t('system.role.adminRightsLocked')} style={{ marginTop: 16 }} />
        ) : null}
      </Card>
      <Row gutter={16}>
        <Col xs={24} xl={9}>
          <Card
            title={t('system.role.functionRights')}
            extra={
              <Typography.Text type="secondary">
                {t('system.role.featureSelected', { count: features.length })}
              </Typography.Text>
            }
          >
            <Tree
              checkable
              selectable={false}
              defaultExpandAll
              disabled={isLocked}
              treeData={treeData}
              checkedKeys={
                isLocked
                  ? treeData.flatMap((group) => [group.key, ...(group.children ?? []).map((c) => c.key)])
                  : checked
              }
              onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
            />
          </Card>
        </Col>
        <Col xs={24} xl={15}>
          <Card title={t('system.role.dataRights')}>
            <Radio.Group
              value={isLocked ? 'all' : dataScope}
              disabled={isLocked}
              onChange={(event) => setDataScope(event.target.value as TDataScope)}
              style={{ marginBottom: 16 }}
            >
              <Space orientation="vertical">
                <Radio value="all">{t('system.dataScope.allLong')}</Radio>
                <Radio value="list">{t('system.dataScope.listLong')}</Radio>
              </Space>
            </Radio.Group>
            {dataScope === 'list' && !isLocked ? (
              <Transfer<TStationOption & { key: string }>
                dataSource={stations}
                targetKeys={stationKeys}
                onChange={(keys) => setStationKeys(keys.map(String))}
                rowKey={(station) => station.key}
                showSearch
                filterOption={(input, station) => stationMatches(station, input)}
                render={(station) => `${station.stationCode} ${station.projectName}`}
                titles={[t('system.role.stationsAvailable'), t('system.role.stationsChosen')]}
                locale={{ searchPlaceholder: t('system.station.searchPlaceholder') }}
                styles={{ section: { width: '100%', height: 420 } }}
                disabled={isLoadingStations}
              />
            ) : null}
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
