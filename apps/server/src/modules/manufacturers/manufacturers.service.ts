import {
  AppError,
  ERROR_MESSAGES,
  interpolate,
  type Language,
  type TDeviceTypeNode,
  type TDeviceTypeOption,
  type TManufacturerListRequest,
  type TManufacturerRefQuery,
  type TManufacturerRelation,
  type TManufacturerSaveRequest,
} from '@masthub/shared';
import { SERVER_TEXTS } from '../../i18n/index.ts';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { TTransactor } from '../../platform/db/transaction.ts';
import type { ManufacturerRepository } from './manufacturers.repository.ts';

const CONFIRM_MESSAGES = {
  deviceType: SERVER_TEXTS['manufacturers.confirmDeviceType'],
  manufacturer: SERVER_TEXTS['manufacturers.confirmManufacturer'],
};

/**
 * Device types → manufacturers (SPEC §3, §5): device type and supplier name required; deleting a type
 * deletes its manufacturers (the client confirms first, told by checkRelation); neither may be deleted
 * while a live site uses it.
 */
export class ManufacturerService {
  constructor(
    private readonly manufacturers: ManufacturerRepository,
    private readonly tx: TTransactor<{ manufacturers: ManufacturerRepository }>,
  ) {}

  async allTypes(): Promise<TDeviceTypeOption[]> {
    const rows = await this.manufacturers.listTypes();
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      manufacturerCount: Number(r.manufacturer_count ?? 0),
    }));
  }

  /** Device types with their manufacturers; each site count covers only the sites the caller may see. */
  async list(caller: TAuthUser, filter: TManufacturerListRequest): Promise<TDeviceTypeNode[]> {
    const [types, rows] = await Promise.all([
      this.manufacturers.listTypes(),
      this.manufacturers.listManufacturers(filter, caller),
    ]);
    const needle = filter.keywords?.toLowerCase();
    return types
      .filter((t) => filter.deviceTypeId === undefined || t.id === filter.deviceTypeId)
      .map((t) => {
        const children = rows
          .filter((m) => m.device_type_id === t.id)
          .map((m) => ({
            id: m.id,
            deviceTypeId: m.device_type_id,
            deviceType: m.device_type,
            name: m.name,
            model: m.model,
            contact: m.contact,
            telephone: m.telephone,
            email: m.email,
            stationCount: Number(m.station_count ?? 0),
            createTime: m.created_at.toISOString(),
          }));
        return {
          id: t.id,
          name: t.name,
          stationCount: children.reduce((sum, c) => sum + c.stationCount, 0),
          createTime: t.created_at.toISOString(),
          children,
        };
      })
      .filter((t) => !needle || t.children.length > 0 || t.name.toLowerCase().includes(needle));
  }

  save(input: TManufacturerSaveRequest): Promise<{ id: number; deviceTypeId: number }> {
    return this.tx.run(async ({ manufacturers }) => {
      const sameType = await manufacturers.findTypeByName(input.deviceType);
      if (input.kind === 'deviceType') {
        if (sameType && sameType.id !== input.id) {
          throw new AppError('DEVICE_TYPE_NAME_TAKEN', { name: input.deviceType });
        }
        if (input.id === undefined) {
          const row = await manufacturers.insertType(input.deviceType);
          return { id: row.id, deviceTypeId: row.id };
        }
        if (!(await manufacturers.findType(input.id, 'update'))) throw new AppError('NOT_FOUND');
        await manufacturers.renameType(input.id, input.deviceType);
        return { id: input.id, deviceTypeId: input.id };
      }
      if (input.id !== undefined && !(await manufacturers.find(input.id, 'update'))) {
        throw new AppError('NOT_FOUND');
      }
      const deviceTypeId = sameType?.id ?? (await manufacturers.insertType(input.deviceType)).id;
      const values = {
        name: input.name,
        model: input.model,
        contact: input.contact,
        telephone: input.telephone ?? '',
        email: input.email ?? '',
      };
      const same = await manufacturers.findSame(deviceTypeId, values.name, values.model);
      if (same && same.id !== input.id) {
        throw new AppError('MANUFACTURER_TAKEN', { name: values.name, model: values.model });
      }
      if (input.id === undefined) {
        const row = await manufacturers.insert(deviceTypeId, values);
        return { id: row.id, deviceTypeId };
      }
      await manufacturers.update(input.id, deviceTypeId, values);
      return { id: input.id, deviceTypeId };
    });
  }

  /** What uses the type or manufacturer; `lock` holds its row until the delete that follows commits. */
  private async relation(manufacturers: ManufacturerRepository, ref: TManufacturerRefQuery, lock?: 'update') {
    if (ref.kind === 'deviceType') {
      if (!(await manufacturers.findType(ref.id, lock))) throw new AppError('NOT_FOUND');
      const ids = await manufacturers.idsOfType(ref.id);
      return { stationCount: await manufacturers.countStations(ids), childCount: ids.length };
    }
    if (!(await manufacturers.find(ref.id, lock))) throw new AppError('NOT_FOUND');
    return { stationCount: await manufacturers.countStations([ref.id]), childCount: 0 };
  }

  /** Whether the type or manufacturer can be deleted, and what the confirmation should say. */
  checkRelation(ref: TManufacturerRefQuery, language: Language): Promise<TManufacturerRelation> {
    // A read (it runs read-only for a token): no row lock, which PostgreSQL refuses there.
    return this.tx.run(async ({ manufacturers }) => {
      const { stationCount, childCount } = await this.relation(manufacturers, ref);
      const code = ref.kind === 'deviceType' ? 'DEVICE_TYPE_IN_USE' : 'MANUFACTURER_IN_USE';
      const message =
        stationCount > 0
          ? interpolate(ERROR_MESSAGES[code][language], { count: stationCount })
          : interpolate(CONFIRM_MESSAGES[ref.kind][language], { count: childCount });
      return { canDelete: stationCount === 0, stationCount, childCount, message };
    });
  }

  /** Deletes a manufacturer, or a device type with its manufacturers; refused while a site uses them. */
  delete(ref: TManufacturerRefQuery): Promise<void> {
    return this.tx.run(async ({ manufacturers }) => {
      const { stationCount } = await this.relation(manufacturers, ref, 'update');
      if (stationCount > 0) {
        const code = ref.kind === 'deviceType' ? 'DEVICE_TYPE_IN_USE' : 'MANUFACTURER_IN_USE';
        throw new AppError(code, { count: stationCount });
      }
      if (ref.kind === 'deviceType') await manufacturers.deleteType(ref.id);
      else await manufacturers.delete([ref.id]);
    });
  }
}
