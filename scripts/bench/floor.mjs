// The floor for `npm run bench`: the least a Node step can do. No dependencies: both requests at
// once with the global fetch, both bodies parsed, three outputs written.
import { appendFileSync } from 'node:fs';

const { TRUNK_API_URL: base, TRUNK_TOKEN: token, GITHUB_OUTPUT: output } = process.env;
const target = { repo: { host: 'github.com', owner: 'octo-org', name: 'octo-repo' }, targetBranch: 'main' };
const post = (endpoint, body) =>
  fetch(`${base}/v1/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-token': token },
    body: JSON.stringify(body),
  }).then((response) => response.json());

const [pr, queue] = await Promise.all([
  post('getSubmittedPullRequest', { ...target, pr: { number: 1842 } }),
  post('getQueue', target),
]);
const position = queue.enqueuedPullRequests.findIndex((entry) => entry.prNumber === 1842) + 1;
appendFileSync(
  output,
  `state=${pr.state}\nposition=${position || ''}\nqueue-length=${queue.enqueuedPullRequests.length}\n`,
);
