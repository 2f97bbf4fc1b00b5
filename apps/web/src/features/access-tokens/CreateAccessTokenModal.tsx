import {
  ACCESS_TOKEN_SCOPES,
  type TAccessTokenCreated,
  type TAccessTokenCreateRequest,
  type TStationOption,
  ZAccessTokenCreateRequest,
} from '@masthub/shared';
import { type ButtonProps, Checkbox, Form, Input, Modal, Select } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useZodRule } from '../../ui/form/use-zod-rule.ts';
import { fetchStationOptions } from '../access/index.ts';
import { useCreateAccessToken } from './api.ts';

const EXPIRY_DAYS = [7, 30, 90, 180, 365] as const;

/** The form of a new personal access token: name, validity, scopes, optionally some of the user's sites. */
export function CreateAccessTokenModal(props: {
  open: boolean;
  onClose: () => void;
  onCreated: (token: TAccessTokenCreated) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TAccessTokenCreateRequest>();
  const rule = useZodRule(ZAccessTokenCreateRequest);
  const create = useCreateAccessToken();
  // Every site option seen so far (chosen ones keep their labels) and the ones matching the search.
  const [seen, setSeen] = useState<ReadonlyMap<number, TStationOption>>(new Map());
  const [matching, setMatching] = useState<number[]>([]);
  const search = useCallback(
    (keywords: string) =>
      fetchStationOptions(keywords.trim(), 100).then(
        (found) => {
          setSeen((before) => new Map([...before, ...found.map((s) => [s.id, s] as const)]));
          setMatching(found.map((s) => s.id));
        },
        () => setMatching([]),
      ),
    [],
  );

  useEffect(() => {
    if (!props.open) return;
    form.resetFields();
    void search('');
  }, [props.open, form, search]);
  const chosen: number[] = Form.useWatch('stationIds', form) ?? [];
  const shown = [...new Set([...chosen, ...matching])].flatMap((id) => {
    const station = seen.get(id);
    return station ? [{ value: id, label: `${station.stationCode} ${station.projectName}` }] : [];
  });

  const submit = async () => {
    const values = await form.validateFields();
    try {
      const created = await create.mutateAsync({
        name: values.name.trim(),
        expiresInDays: values.expiresInDays,
        scopes: values.scopes,
        stationIds: values.stationIds ?? [],
      });
      props.onCreated(created);
    } catch {
      // The request layer said why; the form stays open.
    }
  };

  return (
    <Modal
      open={props.open}
      title={t('person.accessTokens.create')}
      okText={t('person.accessTokens.createOk')}
      onOk={() => void submit()}
      onCancel={props.onClose}
      confirmLoading={create.isPending}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'access-token-create-ok' } as ButtonProps}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ expiresInDays: 90, scopes: ['read'], stationIds: [] }}
      >
        <Form.Item name="name" label={t('person.accessTokens.name')} rules={[rule('name')]} required>
          <Input maxLength={50} data-testid="access-token-name" />
        </Form.Item>
        <Form.Item
          name="expiresInDays"
          label={t('person.accessTokens.validity')}
          rules={[rule('expiresInDays')]}
          required
        >
          <Select
            data-testid="access-token-expiry"
            options={EXPIRY_DAYS.map((days) => ({
              value: days,
              label: t('person.accessTokens.days', { count: days }),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="scopes"
          label={t('person.accessTokens.scopes')}
          rules={[rule('scopes')]}
          required
          extra={t('person.accessTokens.scopesHelp')}
        >
          <Checkbox.Group
            data-testid="access-token-scopes"
            options={ACCESS_TOKEN_SCOPES.map((scope) => ({
              value: scope,
              label: t(`person.accessTokens.scope.${scope}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="stationIds"
          label={t('person.accessTokens.stations')}
          extra={t('person.accessTokens.stationsHelp')}
        >
          <Select
            mode="multiple"
            allowClear
            showSearch={{ filterOption: false, onSearch: (keywords) => void search(keywords) }}
            placeholder={t('person.accessTokens.allStations')}
            options={shown}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
