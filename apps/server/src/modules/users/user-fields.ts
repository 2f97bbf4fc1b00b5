import { DATE_COLUMN_WIDTH, type Language, type TLocalized, type TTableField } from '@masthub/shared';
import { SERVER_TEXTS } from '../../i18n/index.ts';

interface TUserColumn {
  key: string;
  title: TLocalized;
  width: number;
  fixed?: 'left' | 'right';
}

/** The user-list columns (SPEC §3: "the user list columns come from the server"), in display order. */
const USER_COLUMNS: readonly TUserColumn[] = [
  { key: 'account', title: SERVER_TEXTS['users.column.account'], width: 140, fixed: 'left' },
  // Room for the built-in names in English ("System administrator", "Wind resource engineer").
  { key: 'userName', title: SERVER_TEXTS['users.column.userName'], width: 170 },
  { key: 'roleName', title: SERVER_TEXTS['users.column.roleName'], width: 190 },
  { key: 'companyName', title: SERVER_TEXTS['users.column.companyName'], width: 160 },
  { key: 'groupName', title: SERVER_TEXTS['users.column.groupName'], width: 140 },
  { key: 'phone', title: SERVER_TEXTS['users.column.phone'], width: 140 },
  // A whole address such as eng.zhang01@masthub.example (issue 41 §4: data columns are not cut).
  { key: 'email', title: SERVER_TEXTS['users.column.email'], width: 260 },
  { key: 'createDate', title: SERVER_TEXTS['users.column.createDate'], width: DATE_COLUMN_WIDTH },
  { key: 'lastLoginTime', title: SERVER_TEXTS['users.column.lastLoginTime'], width: DATE_COLUMN_WIDTH },
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
