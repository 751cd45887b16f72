/**
 * Cold-start target of issue 28, by hand: RUNS cold starts of 3 gateways + 2 feeds spawned at
 * once on an empty PostgreSQL database and a fresh stream name each; prints each run and then
 * `crashes/RUNS` (target 0/20) and how many runs ended with a working cluster (a goal posted to a
 * gateway reached a client on another). `npm run test:cluster` does 5 of them as a test.
 *
 *   npx tsx tests/bench/cluster/cold-start.ts [--runs 20]
 */
import { arg, loadAverage } from '../shared/bench-event';
import { coldStartOnce } from '../../helpers/cluster-cold-start';

const RUNS = Number(arg('runs', '20'));

let crashes = 0;
let working = 0;
const started = Date.now();
for (let i = 1; i <= RUNS; i++) {
  const r = await coldStartOnce('qs_coldb');
  crashes += r.crashed;
  if (r.working) working++;
  console.log(
    `run ${i}/${RUNS}: crashed ${r.crashed}, working ${r.working ? 'yes' : 'no'}, all healthy after ${(r.readyMs / 1000).toFixed(1)} s, load ${loadAverage()}` +
      (r.error ? `\n  error: ${r.error}` : ''),
  );
  for (const f of r.failures) console.log(`  crash: ${f.split('\n').slice(0, 12).join('\n    ')}`);
}
console.log(`\ncrashed processes: ${crashes}/${RUNS} cold starts (5 processes each)`);
console.log(`working clusters: ${working}/${RUNS}`);
console.log(`total ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(crashes === 0 && working === RUNS ? 0 : 1);
