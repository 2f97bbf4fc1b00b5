export { useTagList } from './api.ts';
