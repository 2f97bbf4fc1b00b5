import { DATE_COLUMN_WIDTH, type Language, type TLocalized, type TTableField } from '@masthub/shared';

interface TUserColumn {
  key: string;
  title: TLocalized;
  width: number;
  fixed?: 'left' | 'right';
}

/** The user-list columns (SPEC §3: "the user list columns come from the server"), in display order. */
const USER_COLUMNS: readonly TUserColumn[] = [
  { key: 'account', title: { zh: '登录账号', en: 'Account' }, width: 140, fixed: 'left' },
  { key: 'userName', title: { zh: '用户名', en: 'User name' }, width: 120 },
  { key: 'roleName', title: { zh: '角色', en: 'Role' }, width: 140 },
  { key: 'companyName', title: { zh: '公司', en: 'Company' }, width: 160 },
  { key: 'groupName', title: { zh: '部门', en: 'Department' }, width: 140 },
  { key: 'phone', title: { zh: '电话', en: 'Phone' }, width: 140 },
  { key: 'email', title: { zh: '邮箱', en: 'E-mail' }, width: 200 },
  { key: 'createDate', title: { zh: '注册时间', en: 'Registered' }, width: DATE_COLUMN_WIDTH },
  { key: 'lastLoginTime', title: { zh: '最近登录时间', en: 'Last login' }, width: DATE_COLUMN_WIDTH },
];

/** The columns with titles in the caller's language and the web's locale key for each. */
export function listUserFields(language: Language): TTableField[] {
  return USER_COLUMNS.map((column) => ({
    key: column.key,
    title: column.title[language],
    titleKey: `system.user.columns.${column.key}`,
    width: column.width,
    ...(column.fixed ? { fixed: column.fixed } : {}),
  }));
}
