import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * TEST_ORDER=reverse runs the test files in the reverse of their path order: a run that passes
 * both ways shows that no file depends on another's order or state (decision 040). Without it,
 * vitest's own order (slowest and largest first) stands.
 */
class ReverseSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => (a.moduleId < b.moduleId ? 1 : a.moduleId > b.moduleId ? -1 : 0));
  }
}

export const testOrder = process.env.TEST_ORDER === 'reverse' ? { sequencer: ReverseSequencer } : {};
