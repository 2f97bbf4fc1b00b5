export { parseIdParam } from './users.utils.ts';
