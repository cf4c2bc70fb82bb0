// Whole runs of the deploy gate (use 2), and the commit's run wired (src/runs/commit.ts).
import '../run/deploy-gate-edges.test.js';
import '../run/deploy-gate.test.js';
import '../run/deploy-range.test.js';
// runs: the queue's and a commit's runs.
import '../runs/commit.test.js';
