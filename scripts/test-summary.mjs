// Prints one closing line for the whole suite from vitest's JSON reports.
import { readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
for (const file of process.argv.slice(2)) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += (report.numFailedTests ?? 0) + (report.numRuntimeErrorTests ?? 0);
    if (!report.success && !report.numFailedTests) failed += 1;
  } catch {
    console.error(`No test report at ${file}: that stage did not run.`);
    failed += 1;
  }
}
console.log(`Total: ${passed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
