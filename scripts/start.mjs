// `npm start`: builds when there is no build (or the sources are newer), then runs the server in
// production mode. `npm run user:create -- …` runs the user command the same way.
import module from 'node:module';
import path from 'node:path';
import { ensureBuilt, root } from './ensure-build.mjs';
import { ensureSupportedNode } from './runtime.mjs';

ensureSupportedNode();
ensureBuilt();
// Node keeps the compiled server code between starts (a faster start-up).
module.enableCompileCache(path.join(root, 'node_modules/.cache/agency-hub-compile'));
process.env.NODE_ENV ??= 'production';
const entry = process.argv[2] === 'user:create' ? 'user-create.js' : 'main.js';
if (entry === 'user-create.js') process.argv.splice(2, 1);
await import(path.join(root, 'dist/server', entry));
