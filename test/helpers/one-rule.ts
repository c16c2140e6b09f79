// The project's own ESLint configuration with one rule alone, for tests that show the rule on
// code they write: the configuration's files, options and exceptions are the project's own.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

// From build/test/lint/ to the repository, where eslint.config.js is.
const root = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * ESLint running only `ruleId`, without type information (the rules tested this way do not need
 * it), and `errors`: the rule's messages (`line: message`) for `code` as if it were the file
 * `filePath` of the repository.
 */
export function oneRule(ruleId: string): { eslint: ESLint; errors(filePath: string, code: string): Promise<string[]> } {
  const eslint = new ESLint({
    cwd: root,
    ruleFilter: (rule) => rule.ruleId === ruleId,
    overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  });
  async function errors(filePath: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath });
    assert.ok(result, `a result for ${filePath}`);
    return result.messages.map((m) => {
      assert.equal(m.severity, 2, `${m.ruleId}: ${m.message}`);
      return `${m.line}: ${m.message}`;
    });
  }
  return { eslint, errors };
}
