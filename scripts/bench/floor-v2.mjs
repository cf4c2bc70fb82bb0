// The v2 floor for `npm run bench`: the least a Node step can do with a v2 key. No dependencies:
// the same three rounds of reads the action makes for a testing PR, each round's reads at once
// with the global fetch, and three outputs written.
import { appendFileSync } from 'node:fs';

const { TRUNK_API_URL: base, TRUNK_API_KEY: key, GITHUB_OUTPUT: output } = process.env;
const get = (path) =>
  fetch(`${base}${path}`, { headers: { authorization: `Bearer ${key}` } }).then((response) => response.json());

const repo = await get(`/v2/repositories?providerUrl=${encodeURIComponent('https://github.com/octo-org/octo-repo')}`);
const repositoryId = repo.data[0].id;
const [queues, prs] = await Promise.all([
  get(`/v2/merge-queues?repositoryId=${repositoryId}&targetBranch=main`),
  get(`/v2/pull-requests?repositoryId=${repositoryId}&number=1842`),
]);
const queue = queues.data[0];
const pr = prs.data[0];
const [order] = await Promise.all([
  get(`/v2/merge-queues/${queue.id}/order`),
  get(`/v2/pull-requests/${pr.id}/verification-runs?limit=1`),
  get(`/v2/pull-requests/${pr.id}/queue-entry-estimate`),
]);
const line = [
  ...order.batches.flatMap((batch) => batch.pullRequests),
  ...order.pending.map((item) => item.pullRequest),
  ...order.awaitingAdmission,
];
const position = line.findIndex((entry) => entry.number === 1842) + 1;
appendFileSync(output, `state=${pr.queueEntry.state}\nposition=${position || ''}\nqueue-length=${line.length}\n`);
