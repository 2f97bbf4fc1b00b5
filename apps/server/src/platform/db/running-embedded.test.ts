import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runningEmbeddedUrl } from './embedded.ts';

/** The stdio MCP server finds the embedded database of a running `npm start` by its lock and pid files. */
describe('runningEmbeddedUrl', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  function dataDir(owner: number, postmaster: string | null): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'masthub-running-'));
    dirs.push(dir);
    mkdirSync(path.join(dir, 'pg'));
    writeFileSync(path.join(dir, 'masthub.lock'), String(owner));
    if (postmaster !== null) writeFileSync(path.join(dir, 'pg', 'postmaster.pid'), postmaster);
    return dir;
  }

  it('gives the port PostgreSQL wrote when the MastHub owner and the server are alive', () => {
    const d = dataDir(process.pid, `${process.pid}\n/data/pg\n1764240000\n54321\n\n127.0.0.1\n`);
    expect(runningEmbeddedUrl(d)).toBe('postgres://masthub:masthub@127.0.0.1:54321/masthub');
  });

  it('gives nothing when the owner is gone, the server is not running, or nothing was started there', () => {
    // 2^22 + 1 is above Linux's pid limit: no such process.
    const gone = 4_194_305;
    expect(runningEmbeddedUrl(dataDir(gone, `${process.pid}\n/x\n1\n54321\n`))).toBeNull();
    expect(runningEmbeddedUrl(dataDir(process.pid, `${gone}\n/x\n1\n54321\n`))).toBeNull();
    expect(runningEmbeddedUrl(dataDir(process.pid, null))).toBeNull();
    expect(runningEmbeddedUrl(path.join(tmpdir(), 'masthub-no-such-dir'))).toBeNull();
  });
});
