// Adds up the Vitest JSON reports of the test script into one closing line. The first argument is
// the number of phases that failed: a phase that failed without a report (type check, a crash)
// still counts as a failure in the closing line. Before it, the slowest test files of the run (from the
// same reports), so whoever makes the suite faster next sees where the time goes.
import { existsSync, readFileSync } from 'node:fs';
import { basename, relative } from 'node:path';

const [phasesFailed, ...files] = process.argv.slice(2);
let passed = 0, failed = 0, skipped = 0;
const arquivos = [];
for (const file of files) {
  if (!existsSync(file)) continue;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  // A file that crashed before its tests ran has no failed test but a failed suite.
  failed += r.testResults.filter((s) => s.status === 'failed' && s.assertionResults.every((a) => a.status !== 'failed')).length;
  for (const s of r.testResults) {
    const ms = (s.endTime ?? 0) - (s.startTime ?? 0);
    if (ms > 0) arquivos.push({ ms, fase: basename(file, '.json'), nome: relative(process.cwd(), s.name), testes: s.assertionResults.length });
  }
}
if (arquivos.length) {
  // From the first test to the end of the last in its worker (imports and beforeAll partly outside); a loaded
  // machine stretches all of them alike.
  arquivos.sort((a, b) => b.ms - a.ms);
  console.log('== arquivos mais lentos (s, fase, testes, arquivo)');
  for (const a of arquivos.slice(0, 15)) {
    console.log(`${(a.ms / 1000).toFixed(1).padStart(7)}  ${a.fase.padEnd(9)} ${String(a.testes).padStart(4)}  ${a.nome}`);
  }
}
const semRelatorio = Number(phasesFailed) > 0 && failed === 0 ? Number(phasesFailed) : 0;
failed += semRelatorio;
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed || Number(phasesFailed) ? 1 : 0);
