// Adds up the Vitest JSON reports of the test script into one closing line. The first argument is
// the number of phases that failed: a phase that failed without a report (type check, a crash)
// still counts as a failure in the closing line.
import { existsSync, readFileSync } from 'node:fs';

const [phasesFailed, ...files] = process.argv.slice(2);
let passed = 0, failed = 0, skipped = 0;
for (const file of files) {
  if (!existsSync(file)) continue;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  // A file that crashed before its tests ran has no failed test but a failed suite.
  failed += r.testResults.filter((s) => s.status === 'failed' && s.assertionResults.every((a) => a.status !== 'failed')).length;
}
const semRelatorio = Number(phasesFailed) > 0 && failed === 0 ? Number(phasesFailed) : 0;
failed += semRelatorio;
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed || Number(phasesFailed) ? 1 : 0);
