// Whole runs about the queue (use 3), and the queue's run wired (src/runs/queue.ts).
import '../run/alerts.test.js';
import '../run/demo-alert-history.test.js';
import '../run/queue.test.js';
import '../run/window.test.js';
// runs: the queue's and a commit's runs.
import '../runs/queue.test.js';
