// @ts-check
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';
import { serverDependencyDirection } from './server-dependency-direction.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

/** A small server source tree whose modules a and b import each other, and c imports a. */
const srcDir = mkdtempSync(join(tmpdir(), 'melon-lint-'));
const files = {
  'modules/a/a.service.ts': "import { b } from '../b/b.service.ts';",
  'modules/b/b.service.ts': "import { a } from '../a/a.service.ts';",
  'modules/c/c.service.ts': "import { a } from '../a/a.service.ts';",
};
for (const [path, text] of Object.entries(files)) {
  mkdirSync(dirname(join(srcDir, path)), { recursive: true });
  writeFileSync(join(srcDir, path), text);
}
afterAll(() => {
  rmSync(srcDir, { recursive: true, force: true });
});

const at = (/** @type {string} */ path) => join(srcDir, path);
const options = [{ srcDir }];

new RuleTester().run('server-dependency-direction', serverDependencyDirection, {
  valid: [
    { filename: at('modules/c/c.service.ts'), code: files['modules/c/c.service.ts'], options },
    { filename: at('modules/a/a.routes.ts'), code: "import '../../plugins/app/x.ts';", options },
    { filename: at('plugins/app/x.ts'), code: "import '../../http/api-error.ts';", options },
    { filename: at('app.ts'), code: "import './modules/a/a.service.ts';", options },
    { filename: at('modules/a/a.test.ts'), code: "import '../../testing/test-app.ts';", options },
    { filename: at('testing/test-app.ts'), code: "import '../app.ts';", options },
  ],
  invalid: [
    {
      filename: at('modules/a/a.service.ts'),
      code: files['modules/a/a.service.ts'],
      options,
      errors: [{ messageId: 'cycle', data: { cycle: 'modules/a → modules/b → modules/a' } }],
    },
    {
      filename: at('plugins/app/session.ts'),
      code: "import '../../modules/session/session.repository.ts';",
      options,
      errors: [{ messageId: 'upward' }],
    },
    {
      filename: at('jobs/handlers.ts'),
      code: "import '../modules/media/transcode-job.ts';",
      options,
      errors: [{ messageId: 'upward' }],
    },
    {
      filename: at('realtime/topics.ts'),
      code: "import '../server.ts';",
      options,
      errors: [{ messageId: 'upward' }],
    },
    {
      filename: at('modules/a/a.testing.ts'),
      code: "import '../../testing/factories.ts';",
      options,
      errors: [{ messageId: 'testing' }],
    },
    {
      filename: at('widgets/w.ts'),
      code: "import '../lib/x.ts';",
      options,
      errors: [{ messageId: 'unplaced' }],
    },
  ],
});
