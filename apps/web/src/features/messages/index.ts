export { messageKeys } from './api.ts';
export { MessageBell } from './MessageBell.tsx';
