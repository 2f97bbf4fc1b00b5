/** The delete confirmations of device types and manufacturers. */
export const MANUFACTURERS = {
  'manufacturers.confirmDeviceType': {
    zh: '删除设备类型将同时删除其下 {count} 个厂家，确定删除吗？',
    en: 'Deleting this device type also deletes its {count} manufacturer(s). Continue?',
  },
  'manufacturers.confirmManufacturer': { zh: '确定删除该厂家吗？', en: 'Delete this manufacturer?' },
} as const;
