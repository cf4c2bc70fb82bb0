// Whole runs about the queue (use 3), and the run about the queue.
import '../run/alerts.test.js';
import '../run/demo-alert-history.test.js';
import '../run/queue.test.js';
import '../run/window.test.js';
// runs: the queue's and a commit's runs.
import '../runs/queue.test.js';
