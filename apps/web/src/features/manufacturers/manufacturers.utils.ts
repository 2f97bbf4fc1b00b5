import type {
  TDeviceTypeNode,
  TManufacturerKind,
  TManufacturerListRequest,
  TManufacturerRecord,
  TManufacturerRelation,
  TManufacturerSaveRequest,
} from '@masthub/shared';

/** The manufacturers of the listed device types as one table, in the server's order. */
export function flattenManufacturers(nodes: readonly TDeviceTypeNode[]): TManufacturerRecord[] {
  return nodes.flatMap((node) => node.children);
}

/** Type selection and search → POST /web/manufacturer/getList body; blanks left out. */
export function toManufacturerListRequest(
  deviceTypeId: number | undefined,
  keywords: string,
): TManufacturerListRequest {
  const trimmed = keywords.trim();
  return {
    ...(deviceTypeId === undefined ? {} : { deviceTypeId }),
    ...(trimmed ? { keywords: trimmed } : {}),
  };
}

export interface ManufacturerFormValues {
  deviceType?: string;
  name?: string;
  model?: string;
  contact?: string;
  telephone?: string;
  email?: string;
}

/** Manufacturer form → save request (kind 'manufacturer'; a device type typed new is created by the server). */
export function toManufacturerSaveRequest(
  values: ManufacturerFormValues,
  id: number | undefined,
): TManufacturerSaveRequest {
  return {
    kind: 'manufacturer',
    ...(id === undefined ? {} : { id }),
    deviceType: values.deviceType?.trim() ?? '',
    name: values.name?.trim() ?? '',
    model: values.model?.trim() ?? '',
    contact: values.contact?.trim() ?? '',
    telephone: values.telephone?.trim() || null,
    email: values.email?.trim() || null,
  };
}

/** Device type form (create or rename) → save request of kind 'deviceType'. */
export function toDeviceTypeSaveRequest(
  name: string | undefined,
  id: number | undefined,
): TManufacturerSaveRequest {
  return {
    kind: 'deviceType',
    ...(id === undefined ? {} : { id }),
    deviceType: name?.trim() ?? '',
    name: '',
    model: '',
    contact: '',
    telephone: null,
    email: null,
  };
}

/** What the delete button leads to, from checkRelation (SPEC §5). */
export type DeletionStep =
  | { step: 'refuse'; stationCount: number }
  | { step: 'confirm'; kind: TManufacturerKind; childCount: number };

/**
 * A type or manufacturer used by a site is refused with the reason; otherwise the user confirms, and for a
 * device type is told how many manufacturers go with it.
 */
export function deletionStep(kind: TManufacturerKind, relation: TManufacturerRelation): DeletionStep {
  if (!relation.canDelete || relation.stationCount > 0) {
    return { step: 'refuse', stationCount: relation.stationCount };
  }
  return { step: 'confirm', kind, childCount: kind === 'deviceType' ? relation.childCount : 0 };
}
