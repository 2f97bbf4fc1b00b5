import type { ErrorCode } from '../errors.ts';
import type { TLocalized } from './language.ts';

/** The message of every error code in both languages (SPEC §8). `{param}` placeholders come from details. */
export const ERROR_MESSAGES: Record<ErrorCode, TLocalized> = {
  VALIDATION_FAILED: { zh: '请求参数有误', en: 'The request has invalid fields' },
  BAD_JSON: { zh: '请求内容不是有效的 JSON', en: 'The request body is not valid JSON' },
  UNSUPPORTED_MEDIA_TYPE: { zh: '不支持的请求内容类型', en: 'Unsupported content type' },
  NOT_LOGGED_IN: { zh: '请先登录', en: 'Please log in first' },
  TOKEN_EXPIRED: { zh: '登录已过期，请重新登录', en: 'Your session has expired, please log in again' },
  LOGIN_FAILED: { zh: '账号或密码错误', en: 'Incorrect account or password' },
  LOGIN_RATE_LIMITED: {
    zh: '登录失败次数过多，请 {minutes} 分钟后再试',
    en: 'Too many failed logins, please try again in {minutes} minutes',
  },
  ACCOUNT_DISABLED: { zh: '账号已停用', en: 'This account is disabled' },
  OLD_PASSWORD_WRONG: { zh: '原密码不正确', en: 'The old password is incorrect' },
  PASSWORD_SAME_AS_OLD: { zh: '新密码不能与原密码相同', en: 'The new password must differ from the old one' },
  FORBIDDEN: { zh: '无访问权限', en: 'No access permission' },
  NOT_FOUND: { zh: '数据不存在或已被删除', en: 'The record does not exist or has been deleted' },
  ROUTE_NOT_FOUND: { zh: '接口不存在：{method} {url}', en: 'No such API: {method} {url}' },
  CONFLICT: { zh: '操作冲突：{reason}', en: 'Conflict: {reason}' },
  PAYLOAD_TOO_LARGE: { zh: '请求内容过大', en: 'The request is too large' },
  FILE_UNREADABLE: { zh: '文件无法读取：{reason}', en: 'The file cannot be read: {reason}' },
  REQUEST_TIMEOUT: { zh: '请求超时，请稍后重试', en: 'Request timed out, please retry later' },
  INTERNAL: { zh: '服务器错误，请联系管理员', en: 'Server error, please contact the administrator' },
};
