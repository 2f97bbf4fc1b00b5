/** The user list columns (users/user-fields.ts). */
export const USERS = {
  'users.column.account': { zh: '登录账号', en: 'Account' },
  'users.column.userName': { zh: '用户名', en: 'User name' },
  'users.column.roleName': { zh: '角色', en: 'Role' },
  'users.column.companyName': { zh: '公司', en: 'Company' },
  'users.column.groupName': { zh: '部门', en: 'Department' },
  'users.column.phone': { zh: '电话', en: 'Phone' },
  'users.column.email': { zh: '邮箱', en: 'E-mail' },
  'users.column.createDate': { zh: '注册时间', en: 'Registered' },
  'users.column.lastLoginTime': { zh: '最近登录时间', en: 'Last login' },
} as const;
