// The project's files (the README, action.yml, the workflows, the lock file, the docs, these
// suites) and the committed bundle run as the runner runs it.
import '../project/action-yml.test.js';
import '../project/docs.test.js';
import '../project/package-lock.test.js';
import '../project/readme-alert.test.js';
import '../project/readme-inputs.test.js';
import '../project/readme-use1-events.test.js';
import '../project/readme-workflows.test.js';
import '../project/suite-environment.test.js';
import '../project/suites.test.js';
import '../project/workflows.test.js';
import '../dist/push.test.js';
import '../dist/smoke.test.js';
