import { type TDeviceTypeNode, ZManufacturerSaveRequest } from '@masthub/shared';
import { describe, expect, it } from 'vitest';
import {
  deletionStep,
  flattenManufacturers,
  toDeviceTypeSaveRequest,
  toManufacturerListRequest,
  toManufacturerSaveRequest,
} from './manufacturers.utils.ts';

function maker(id: number, deviceTypeId: number, deviceType: string) {
  return {
    id,
    deviceTypeId,
    deviceType,
    name: `m${id}`,
    model: '',
    contact: '',
    telephone: '',
    email: '',
    stationCount: 0,
    createTime: '2026-05-01T00:00:00.000Z',
  };
}

const NODES: TDeviceTypeNode[] = [
  {
    id: 1,
    name: '数据采集器',
    stationCount: 3,
    createTime: '2026-05-01T00:00:00.000Z',
    children: [maker(11, 1, '数据采集器'), maker(12, 1, '数据采集器')],
  },
  { id: 2, name: '声雷达', stationCount: 0, createTime: '2026-05-01T00:00:00.000Z', children: [] },
  {
    id: 3,
    name: '激光雷达',
    stationCount: 0,
    createTime: '2026-05-01T00:00:00.000Z',
    children: [maker(31, 3, '激光雷达')],
  },
];

describe('flattenManufacturers', () => {
  it('lists the manufacturers of every type in order, skipping empty types', () => {
    expect(flattenManufacturers(NODES).map((m) => m.id)).toEqual([11, 12, 31]);
  });
});

describe('toManufacturerListRequest', () => {
  it('leaves out a missing type and blank keywords', () => {
    expect(toManufacturerListRequest(undefined, '  ')).toEqual({});
    expect(toManufacturerListRequest(3, ' Vaisala ')).toEqual({ deviceTypeId: 3, keywords: 'Vaisala' });
  });
});

describe('toManufacturerSaveRequest', () => {
  it('trims the fields and sends blank phone and e-mail as null', () => {
    expect(
      toManufacturerSaveRequest({ deviceType: ' 激光雷达 ', name: ' Vaisala ', telephone: ' ' }, undefined),
    ).toEqual({
      kind: 'manufacturer',
      deviceType: '激光雷达',
      name: 'Vaisala',
      model: '',
      contact: '',
      telephone: null,
      email: null,
    });
  });

  it('needs a device type and a supplier name (SPEC §5), the rest optional but checked', () => {
    const failing = (values: Parameters<typeof toManufacturerSaveRequest>[0]) => {
      const result = ZManufacturerSaveRequest.safeParse(toManufacturerSaveRequest(values, 5));
      return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.')).sort();
    };
    expect(failing({})).toEqual(['deviceType', 'name']);
    expect(failing({ deviceType: '声雷达', name: 'Scintec', email: 'bad', telephone: '1' })).toEqual([
      'email',
      'telephone',
    ]);
    expect(failing({ deviceType: '声雷达', name: 'Scintec', model: 'MFAS', email: 'a@b.example' })).toEqual(
      [],
    );
  });
});

describe('toDeviceTypeSaveRequest', () => {
  it('creates or renames a type; only the name is required', () => {
    expect(toDeviceTypeSaveRequest(' 雷达 ', 4)).toMatchObject({
      kind: 'deviceType',
      id: 4,
      deviceType: '雷达',
    });
    expect(ZManufacturerSaveRequest.safeParse(toDeviceTypeSaveRequest('雷达', undefined)).success).toBe(true);
    expect(ZManufacturerSaveRequest.safeParse(toDeviceTypeSaveRequest('  ', undefined)).success).toBe(false);
  });
});

describe('deletionStep', () => {
  it('refuses what a site uses', () => {
    expect(
      deletionStep('manufacturer', { canDelete: false, stationCount: 12, childCount: 0, message: '' }),
    ).toEqual({ step: 'refuse', stationCount: 12 });
  });

  it('confirms a device type with the number of manufacturers deleted with it', () => {
    expect(
      deletionStep('deviceType', { canDelete: true, stationCount: 0, childCount: 3, message: '' }),
    ).toEqual({
      step: 'confirm',
      kind: 'deviceType',
      childCount: 3,
    });
    expect(
      deletionStep('manufacturer', { canDelete: true, stationCount: 0, childCount: 0, message: '' }),
    ).toEqual({ step: 'confirm', kind: 'manufacturer', childCount: 0 });
  });
});
