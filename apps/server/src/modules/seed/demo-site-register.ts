import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

/** Demo owner parties (业主) of the fleet. */
const OWNERS = [
  { name: '国家电投风电公司', phone: '010-66218888', email: 'wind@spic.example' },
  { name: '华能新能源', phone: '010-63228800', email: 'newenergy@hn.example' },
  { name: '大唐可再生能源', phone: '010-83586666', email: 'renew@dt.example' },
  { name: '龙源电力', phone: '010-63888199', email: 'service@longyuan.example' },
  { name: '三峡新能源', phone: '027-82566688', email: 'ctg@ctg.example' },
  { name: '中广核新能源', phone: '0755-83699999', email: 'cgn@cgn.example' },
  { name: '金风科技', phone: '010-67511888', email: 'info@goldwind.example' },
  { name: '明阳智能', phone: '0760-28138888', email: 'info@mingyang.example' },
];

/** Device types → manufacturers (supplier, model, contact). */
const DEVICE_TYPES: { name: string; manufacturers: [string, string, string, string][] }[] = [
  {
    name: '数据采集器',
    manufacturers: [
      ['NRG Systems', 'SymphoniePRO', 'Mark Lee', 'support@nrgsystems.example'],
      ['Campbell Scientific', 'CR1000X', 'Anna Smith', 'support@campbellsci.example'],
      ['Kintech Engineering', 'EOL Zenith', 'Jorge Ruiz', 'support@kintech.example'],
      ['Ammonit', 'Meteo-40', 'Jan Müller', 'support@ammonit.example'],
      ['中国华云', 'CAWS600', '王工', 'service@huayun.example'],
    ],
  },
  {
    name: '激光雷达',
    manufacturers: [
      ['Vaisala', 'WindCube V2.1', 'Claire Martin', 'support@vaisala.example'],
      ['ZX Lidars', 'ZX 300', 'Tom Brown', 'support@zxlidars.example'],
      ['南京牧镭激光', 'Molas B300', '陈工', 'service@movelaser.example'],
    ],
  },
  {
    name: '声雷达',
    manufacturers: [['Scintec', 'MFAS', 'Peter Schmidt', 'support@scintec.example']],
  },
];

const TAG_GROUPS: { group: string; tags: [string, string][] }[] = [
  {
    group: '关注等级',
    tags: [
      ['重点关注', '#e53935'],
      ['一般关注', '#fb8c00'],
    ],
  },
  {
    group: '建设阶段',
    tags: [
      ['新建', '#1e88e5'],
      ['已验收', '#05a045'],
      ['待拆除', '#6b8aa6'],
    ],
  },
  {
    group: '地形',
    tags: [
      ['山地', '#8d6e63'],
      ['平原', '#7cb342'],
      ['沿海', '#00acc1'],
      ['海上', '#3949ab'],
    ],
  },
];

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * Demo site-register data: owner parties, device types with manufacturers, grouped tags, and for each
 * site an owner party, a manufacturer, a data administrator, a SIM number, warranty and install dates and
 * up to three tags — chosen by index, so every fresh install gets the same register.
 */
export async function seedSiteRegister(
  trx: Transaction<DB>,
  stations: readonly { id: number; province: string | null; station_type: string; start_time: Date | null }[],
  userIds: readonly number[],
): Promise<void> {
  const owners = await trx.insertInto('owner').values(OWNERS).returning('id').execute();
  const manufacturerIds: { id: number; type: string }[] = [];
  for (const type of DEVICE_TYPES) {
    const row = await trx
      .insertInto('device_type')
      .values({ name: type.name })
      .returning('id')
      .executeTakeFirstOrThrow();
    const inserted = await trx
      .insertInto('manufacturer')
      .values(
        type.manufacturers.map(([name, model, contact, email], i) => ({
          device_type_id: row.id,
          name,
          model,
          contact,
          telephone: `1380002${pad(manufacturerIds.length + i)}00`,
          email,
        })),
      )
      .returning('id')
      .execute();
    manufacturerIds.push(...inserted.map((m) => ({ id: m.id, type: type.name })));
  }
  const tagIds = new Map<string, number>();
  for (const group of TAG_GROUPS) {
    const g = await trx
      .insertInto('tag_group')
      .values({ name: group.group })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [name, color] of group.tags) {
      const t = await trx
        .insertInto('tag')
        .values({ name, color, group_id: g.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      tagIds.set(name, t.id);
    }
  }
  const loggers = manufacturerIds.filter((m) => m.type === '数据采集器');
  const lidars = manufacturerIds.filter((m) => m.type === '激光雷达');
  const sodars = manufacturerIds.filter((m) => m.type === '声雷达');
  const stationTags: { station_id: number; tag_id: number }[] = [];
  for (const [i, station] of stations.entries()) {
    // Installed in the two weeks before measuring started; three years of warranty from then.
    const start = station.start_time ?? new Date(Date.UTC(2019 + (i % 7), i % 12, 20));
    const day = (offsetDays: number, plusYears = 0) => {
      const d = new Date(start.getTime() + offsetDays * 86_400_000);
      return `${d.getUTCFullYear() + plusYears}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
    };
    const year = start.getUTCFullYear();
    // Masts carry a data logger; lidars and sodars are their own instrument.
    const makers =
      station.station_type === 'lidar' ? lidars : station.station_type === 'sodar' ? sodars : loggers;
    const maker = makers[i % makers.length]!;
    await trx
      .updateTable('station')
      .set({
        owner_party_id: owners[i % owners.length]!.id,
        manufacturer_id: maker.id,
        // The data administrator (李娜) looks after most sites; the operations engineer every third.
        data_admin_id: (i % 3 === 0 ? userIds[2] : userIds[1]) ?? null,
        sim: `898600${100_000_000_000 + i * 7919}`,
        install_start: day(-14),
        install_end: day(-1),
        warranty_start: day(-1),
        warranty_end: day(-2, 3),
        repair_emails: [`repair${i % 5}@masthub.example`],
        cc_emails: i % 4 === 0 ? ['ops@masthub.example'] : [],
      })
      .where('id', '=', station.id)
      .execute();
    const names: string[] = [];
    if (i % 9 === 0) names.push('重点关注');
    else if (i % 13 === 0) names.push('一般关注');
    names.push(year >= 2025 ? '新建' : '已验收');
    if (/山西|云南|贵州|四川|甘肃/.test(station.province ?? '')) names.push('山地');
    else if (/江苏|浙江|福建|广东|山东|海南/.test(station.province ?? ''))
      names.push(i % 5 === 0 ? '海上' : '沿海');
    else if (i % 3 === 0) names.push('平原');
    for (const name of names) stationTags.push({ station_id: station.id, tag_id: tagIds.get(name)! });
  }
  await trx.insertInto('station_tag').values(stationTags).execute();
}
