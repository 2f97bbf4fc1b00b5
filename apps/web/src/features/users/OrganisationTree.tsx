import {
  ApartmentOutlined,
  BankOutlined,
  DeleteOutlined,
  EditOutlined,
  MoreOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { App, Button, Card, Dropdown, Flex, Input, Tree, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { SideTreeAllButton, SideTreeBody } from '../../ui/SideTree.tsx';
import { checkOrganisationDelete, useDeleteOrganisation, useOrganisationTree } from './api.ts';
import { type OrganisationEdit, OrganisationNameModal } from './OrganisationNameModal.tsx';
import { filterOrgTree, type OrgTreeNode, toOrgTree } from './users.utils.ts';

interface OrganisationTreeProps {
  selectedKey: string | undefined;
  onSelect: (node: OrgTreeNode | undefined) => void;
}

/**
 * Companies › departments beside the user list: selecting one filters the users; each node can be
 * renamed or deleted, companies get departments. A delete first asks the server whether it is possible
 * (SPEC §5: a company or department in use cannot be deleted) and explains why not.
 */
export function OrganisationTree({ selectedKey, onSelect }: OrganisationTreeProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { data: companies = [], isLoading } = useOrganisationTree();
  const remove = useDeleteOrganisation();
  const [search, setSearch] = useState('');
  const [edit, setEdit] = useState<OrganisationEdit>();
  const tree = useMemo(() => toOrgTree(companies), [companies]);
  const visible = useMemo(() => filterOrgTree(tree, search), [tree, search]);

  const askDelete = async (node: OrgTreeNode) => {
    const check = await checkOrganisationDelete(node.kind, node.id);
    if (!check.canDelete) {
      modal.warning({
        title: t('system.org.cannotDelete', { name: node.name }),
        content: (
          <ul style={{ paddingInlineStart: 20, margin: 0 }}>
            {check.reasons.map((reason) => (
              <li key={reason.errorCode}>{reason.message}</li>
            ))}
          </ul>
        ),
      });
      return;
    }
    modal.confirm({
      title: t(node.kind === 'company' ? 'system.org.deleteCompany' : 'system.org.deleteGroup'),
      content: t('system.org.deleteConfirm', { name: node.name }),
      okType: 'danger',
      okText: t('system.common.delete'),
      onOk: async () => {
        await remove.mutateAsync({ kind: node.kind, id: node.id });
        feedback.success(t('system.common.deleted'));
        if (node.key === selectedKey) onSelect(undefined);
      },
    });
  };

  const renderTitle = (node: OrgTreeNode) => (
    <Flex align="center" justify="space-between" gap={4} style={{ minWidth: 0 }}>
      <Flex align="center" gap={6} style={{ minWidth: 0 }}>
        {node.kind === 'company' ? <BankOutlined /> : <ApartmentOutlined />}
        <Typography.Text ellipsis style={{ maxWidth: 140 }} title={node.name}>
          {node.name}
        </Typography.Text>
      </Flex>
      <Flex align="center" gap={2}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {node.userCount}
        </Typography.Text>
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              ...(node.kind === 'company'
                ? [{ key: 'addGroup', icon: <PlusOutlined />, label: t('system.org.addGroup') }]
                : []),
              { key: 'rename', icon: <EditOutlined />, label: t('system.org.rename') },
              { key: 'delete', icon: <DeleteOutlined />, label: t('system.common.delete'), danger: true },
            ],
            onClick: ({ key, domEvent }) => {
              domEvent.stopPropagation();
              if (key === 'addGroup') {
                setEdit({ kind: 'group', companyId: node.id, companyName: node.name, name: '' });
              } else if (key === 'rename') {
                setEdit({ kind: node.kind, id: node.id, name: node.name });
              } else {
                void askDelete(node).catch(() => undefined);
              }
            },
          }}
        >
          <Button
            type="text"
            size="small"
            icon={<MoreOutlined />}
            aria-label={t('system.org.actions', { name: node.name })}
            onClick={(event) => event.stopPropagation()}
          />
        </Dropdown>
      </Flex>
    </Flex>
  );

  return (
    <Card
      title={t('system.org.title')}
      size="small"
      extra={
        <Button
          type="link"
          size="small"
          icon={<PlusOutlined />}
          onClick={() => setEdit({ kind: 'company', name: '' })}
        >
          {t('system.org.addCompany')}
        </Button>
      }
      styles={{ body: { padding: 12 } }}
    >
      <Input.Search
        allowClear
        placeholder={t('system.org.searchPlaceholder')}
        onChange={(event) => setSearch(event.target.value)}
        style={{ marginBottom: 8 }}
      />
      <SideTreeAllButton isActive={!selectedKey} onClick={() => onSelect(undefined)}>
        {t('system.org.allUsers')}
      </SideTreeAllButton>
      <SideTreeBody isLoading={isLoading} isEmpty={visible.length === 0}>
        <Tree<OrgTreeNode & { title: React.ReactNode }>
          blockNode
          defaultExpandAll
          selectedKeys={selectedKey ? [selectedKey] : []}
          onSelect={(_, info) => onSelect(info.selected ? info.node : undefined)}
          treeData={visible.map((company) => ({
            ...company,
            title: renderTitle(company),
            children: company.children?.map((group) => ({
              ...group,
              title: renderTitle(group),
            })),
          }))}
        />
      </SideTreeBody>
      <OrganisationNameModal edit={edit} onClose={() => setEdit(undefined)} />
    </Card>
  );
}
