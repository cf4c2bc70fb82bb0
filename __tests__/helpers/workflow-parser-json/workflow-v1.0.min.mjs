// @actions/workflow-parser imports its workflow schema as JSON without an import attribute, which Jest
// warns is deprecated; jest.config.js maps that import here, where require() reads the same file.
import { createRequire } from 'node:module';

export default createRequire(import.meta.url)(
  '../../../node_modules/@actions/workflow-parser/dist/workflow-v1.0.min.json',
);
