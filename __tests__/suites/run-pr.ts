// Whole runs about a PR (use 1), with the credentials and text from outside.
import '../run/credentials.test.js';
import '../run/not-checked.test.js';
import '../run/outside-text.test.js';
import '../run/properties.test.js';
import '../run/proxy.test.js';
import '../run/state-words.test.js';
import '../run/test-runs.test.js';
import '../run/v1.test.js';
import '../run/v2.test.js';
import '../run/wait-causes.test.js';
import '../run/words.test.js';
