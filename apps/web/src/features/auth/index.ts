export { changePassword, useEndSession, useLogout } from './api.ts';
export { RecoveryCodes } from './RecoveryCodes.tsx';
export { SecondFactorKey } from './SecondFactorKey.tsx';
