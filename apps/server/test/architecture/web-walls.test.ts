import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

// One type-aware ESLint for the file: building it is most of a case's time.
let eslint: ESLint | undefined;
const linter = () => (eslint ??= new ESLint({ cwd: root }));

/** Lints a text with the repository's own ESLint config as if it were this web file. */
async function wallErrors(code: string, file = 'apps/web/src/features/eute/StockPage.tsx') {
  const [result] = await linter().lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports');
}

describe('web feature walls (docs/architecture.md)', () => {
  test("a feature that reaches into another feature's files fails the lint, however the path is spelt", async () => {
    const fixture = [
      "import { useReadOnly } from '../auth/useMe';",
      "import { getWaitingList } from '../clinic/api';",
      "import { clinicKeys } from '../../features/clinic/keys';",
      "import { NotFoundPage } from '../home/index';",
      'export const reached = [useReadOnly, getWaitingList, clinicKeys, NotFoundPage];',
      '',
    ].join('\n');
    const errors = await wallErrors(fixture);
    expect(errors.map((error) => error.line)).toEqual([1, 2, 3, 4]);
    expect(errors[0]?.message).toMatch(/import from its index/);
  }, 120_000);

  test("another feature's index, the shared graft folder, components and the feature's own files are allowed", async () => {
    const fixture = [
      "import { useReadOnly } from '../auth';",
      "import { typeLabel } from '../grafts/graftFormat';",
      "import { ColumnList } from '../../components/ColumnList';",
      "import { API_BASE } from '../../api/client';",
      "import { euteKeys } from './keys';",
      'export const allowed = [useReadOnly, typeLabel, ColumnList, API_BASE, euteKeys];',
      '',
    ].join('\n');
    expect(await wallErrors(fixture)).toEqual([]);
    // The shared folder is held to the same wall.
    const shared = "import { useMe } from '../auth/useMe';\nexport const reached = useMe;\n";
    expect(await wallErrors(shared, 'apps/web/src/features/grafts/GraftResults.tsx')).toHaveLength(1);
  }, 120_000);
});
