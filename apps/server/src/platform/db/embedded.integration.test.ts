import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { DataDirInUseError, startEmbeddedDatabase } from './embedded.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthub-lock-'));
const holderScript = `
  import { startEmbeddedDatabase } from ${JSON.stringify(path.resolve(import.meta.dirname, 'embedded.ts'))};
  import { createLogger } from ${JSON.stringify(path.resolve(import.meta.dirname, '../logger.ts'))};
  const db = await startEmbeddedDatabase(${JSON.stringify(dataDir)}, createLogger({ LOG_LEVEL: 'silent' }));
  console.log('READY ' + db.port);
  process.stdin.on('data', async () => { await db.stop(); process.exit(0); });
`;

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('startEmbeddedDatabase', () => {
  it('refuses a second process on the same data directory with a clear error', async () => {
    const holder = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', holderScript], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const port = await new Promise<number>((resolve, reject) => {
      holder.stdout.on('data', (chunk) => {
        const match = /READY (\d+)/.exec(String(chunk));
        if (match) resolve(Number(match[1]));
      });
      holder.on('exit', (code) => reject(new Error(`holder exited ${code}`)));
    });
    expect(port).toBeGreaterThan(0);
    try {
      const attempt = startEmbeddedDatabase(dataDir, createLogger({ LOG_LEVEL: 'silent' }));
      await expect(attempt).rejects.toBeInstanceOf(DataDirInUseError);
      await expect(attempt).rejects.toThrow(/already in use by another MastHub process \(pid \d+\)/);
    } finally {
      holder.stdin.write('stop\n');
      await new Promise((r) => holder.once('exit', r));
    }
  });

  it('restarts on the same data directory once the first process has stopped, keeping the data', async () => {
    const log = createLogger({ LOG_LEVEL: 'silent' });
    const first = await startEmbeddedDatabase(dataDir, log);
    const { default: pg } = await import('pg');
    let client = new pg.Client({ connectionString: first.url });
    await client.connect();
    await client.query('CREATE TABLE kept (v int); INSERT INTO kept VALUES (42)');
    await client.end();
    await first.stop();
    const second = await startEmbeddedDatabase(dataDir, log);
    client = new pg.Client({ connectionString: second.url });
    await client.connect();
    expect((await client.query('SELECT v FROM kept')).rows).toEqual([{ v: 42 }]);
    await client.end();
    await second.stop();
  });
});
