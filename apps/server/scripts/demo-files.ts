// `npm run demo:files --workspace apps/server`: writes the demo grafts' import files (demo/) anew
// from the demo generator (src/demo/seed-demo-graft-files.ts). Run it after changing the generator;
// a test fails while the committed files differ from what it writes.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildDemoGraftFiles } from '../src/demo/seed-demo-graft-files';
import { DEMO_DIR } from '../src/paths';

for (const [name, content] of buildDemoGraftFiles()) {
  await writeFile(path.join(DEMO_DIR, name), content);
  process.stdout.write(`wrote ${path.join(DEMO_DIR, name)}\n`);
}
