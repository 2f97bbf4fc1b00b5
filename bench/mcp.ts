// Long-term correction (MCP) figures for `npm run bench` (issue 28), on the brightwind MCP reference case:
// the NREL M5 10 m cup and vane over five years of 10-min data as the long-term reference, the 80 m cup and
// 87 m vane over the 24-month window [2012-09-01, 2014-09-01) as the target (fixed UTC−07:00).
// - `mcp.all_methods_ms.m5`: compareMcpMethods, hourly, five methods overall and by 12 sectors, each with
//   month-block cross-validation and the long-term means over the whole reference (brightwind needs ≈ 5 s
//   for its fits and syntheses of the same case, reference/brightwind-mcp/METHODS.md §10). Target ≤ 300 ms.
// - `mcp.convergence_ms.24months`: mcpConvergence (OLS, hourly) for m = 3 … 24 months.
// Single thread, best of a few runs after a warm-up, performance.now.
import { compareMcpMethods } from '../packages/wind/src/longterm/compare-mcp-methods.ts';
import { mcpConvergence } from '../packages/wind/src/longterm/mcp-convergence.ts';
import {
  hasMcpShared,
  loadM5ForMcp,
  m5Series,
  naiveMs,
} from '../packages/wind/src/testing/mcp-reference-fixture.ts';

type TResult = { name: string; value: number; unit: string };

function bestOf(runs: number, fn: () => void): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    best = Math.min(best, performance.now() - t);
  }
  return best;
}

export async function benchMcp(): Promise<TResult[]> {
  if (!hasMcpShared) {
    console.log('mcp.* skipped: ../shared (brightwind MCP reference and the NREL M5 mast) is absent');
    return [];
  }
  const names = [
    'Speed (cup_ 10 m)',
    'Direction (Vane_ 10 m)',
    'Speed (cup_ 80 m)',
    'Direction (Vane_ 87 m)',
  ];
  const m5 = loadM5ForMcp(names);
  const reference = m5Series(m5, names[0]!, names[1]!);
  const target = m5Series(
    m5,
    names[2]!,
    names[3]!,
    naiveMs('2012-09-01T00:00:00'),
    naiveMs('2014-09-01T00:00:00'),
  );
  const compare = () => compareMcpMethods(reference, target, { period: '1H', sectors: 12 });
  compare();
  const allMethods = bestOf(5, compare);
  const converge = () => mcpConvergence(reference, target, { period: '1H', fit: { method: 'ols' } });
  const steps = converge().steps.length;
  if (steps !== 22) throw new Error(`mcpConvergence gave ${steps} steps, expected 22 (m = 3 … 24)`);
  const convergence = bestOf(3, converge);
  return [
    { name: 'mcp.all_methods_ms.m5', value: Math.round(allMethods * 10) / 10, unit: 'ms' },
    { name: 'mcp.convergence_ms.24months', value: Math.round(convergence * 10) / 10, unit: 'ms' },
  ];
}

if (process.argv[1] === import.meta.filename) console.log(await benchMcp());
