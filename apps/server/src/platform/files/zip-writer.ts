import { PassThrough, type Readable } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';

/** One entry: its name in the archive and a function opening its content. */
export interface TZipEntry {
  name: string;
  modifiedAt: Date;
  open: () => Promise<Readable>;
}

const ZIP32_LIMIT = 0xffffffff;

function dosTime(date: Date): { time: number; date: number } {
  const year = Math.max(1980, date.getFullYear());
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

/**
 * Streams a ZIP archive (deflate, UTF-8 names, data descriptors) of the entries, one at a time, so a
 * download of many raw files never sits in memory. Without ZIP64: archives over 4 GB fail.
 */
export function zipStream(entries: readonly TZipEntry[]): Readable {
  const out = new PassThrough();
  const central: Buffer[] = [];
  let offset = 0;
  const write = (chunk: Buffer) =>
    new Promise<void>((resolve) => {
      offset += chunk.length;
      if (out.write(chunk)) resolve();
      else out.once('drain', resolve);
    });
  void (async () => {
    for (const entry of entries) {
      const name = Buffer.from(entry.name, 'utf8');
      const { time, date } = dosTime(entry.modifiedAt);
      const headerOffset = offset;
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE(0x0808, 6); // data descriptor + UTF-8 name
      local.writeUInt16LE(8, 8); // deflate
      local.writeUInt16LE(time, 10);
      local.writeUInt16LE(date, 12);
      local.writeUInt16LE(name.length, 26);
      await write(Buffer.concat([local, name]));
      let crc = 0;
      let size = 0;
      let compressed = 0;
      const deflate = createDeflateRaw({ level: 6 });
      const source = await entry.open();
      source.on('data', (chunk: Buffer) => {
        crc = crc32(chunk, crc);
        size += chunk.length;
      });
      source.on('error', (err) => deflate.destroy(err));
      source.pipe(deflate);
      for await (const chunk of deflate) {
        compressed += (chunk as Buffer).length;
        await write(chunk as Buffer);
      }
      if (size > ZIP32_LIMIT || offset > ZIP32_LIMIT) throw new Error('archive larger than 4 GB');
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(crc >>> 0, 4);
      descriptor.writeUInt32LE(compressed, 8);
      descriptor.writeUInt32LE(size, 12);
      await write(descriptor);
      const header = Buffer.alloc(46);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(20, 4);
      header.writeUInt16LE(20, 6);
      header.writeUInt16LE(0x0808, 8);
      header.writeUInt16LE(8, 10);
      header.writeUInt16LE(time, 12);
      header.writeUInt16LE(date, 14);
      header.writeUInt32LE(crc >>> 0, 16);
      header.writeUInt32LE(compressed, 20);
      header.writeUInt32LE(size, 24);
      header.writeUInt16LE(name.length, 28);
      header.writeUInt32LE(headerOffset, 42);
      central.push(header, name);
    }
    const centralStart = offset;
    const directory = Buffer.concat(central);
    await write(directory);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(entries.length, 8);
    end.writeUInt16LE(entries.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(centralStart, 16);
    await write(end);
    out.end();
  })().catch((err) => out.destroy(err as Error));
  return out;
}
