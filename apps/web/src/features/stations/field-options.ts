import type { TDeviceTypeNode, TRegion } from '@masthub/shared';

export interface RegionTreeNode {
  value: string;
  title: string;
  children?: RegionTreeNode[];
}

/** GB/T 2260 regions as a province → city tree in the current language. */
export function toRegionTree(regions: readonly TRegion[], language: string): RegionTreeNode[] {
  const nameOf = (region: TRegion) =>
    language.startsWith('en') ? region.nameEn || region.name : region.name;
  return regions.map((region) => ({
    value: region.code,
    title: nameOf(region),
    ...(region.children.length > 0 ? { children: toRegionTree(region.children, language) } : {}),
  }));
}

export interface CascaderNode {
  value: number;
  label: string;
  children?: CascaderNode[];
}

/** Device types with their manufacturers ("supplier model") for the manufacturer cascader. */
export function toCascaderOptions(types: readonly TDeviceTypeNode[]): CascaderNode[] {
  return types.map((type) => ({
    value: type.id,
    label: type.name,
    children: type.children.map((manufacturer) => ({
      value: manufacturer.id,
      label: [manufacturer.name, manufacturer.model].filter(Boolean).join(' '),
    })),
  }));
}
