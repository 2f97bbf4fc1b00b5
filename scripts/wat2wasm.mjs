// Assembles a WebAssembly text file into the .wasm beside it, with wabt (a pinned devDependency; the
// server only reads the committed .wasm, nothing is compiled at install):
//   node scripts/wat2wasm.mjs apps/server/src/modules/timeseries/values-codec.wat
// The test beside each .wat (e.g. values-codec.test.ts) assembles it the same way and fails when the
// committed .wasm differs, so the binary cannot drift from its source.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import initWabt from 'wabt';

const files = process.argv.slice(2);
if (files.length === 0 || !files.every((f) => f.endsWith('.wat'))) {
  console.error('usage: node scripts/wat2wasm.mjs <file.wat> …');
  process.exit(1);
}
const wabt = await initWabt();
for (const file of files) {
  const module = wabt.parseWat(path.basename(file), readFileSync(file, 'utf8'), {
    simd: true,
    bulk_memory: true,
  });
  module.validate();
  const { buffer } = module.toBinary({ canonicalize_lebs: true, write_debug_names: false });
  module.destroy();
  const out = file.replace(/\.wat$/, '.wasm');
  writeFileSync(out, buffer);
  console.log(`${out}: ${buffer.length} bytes`);
}
