// The bare floor for `npm run bench`: the least a Node process can do. No dependencies and not
// even the global fetch (which loads undici on first use): both requests at once with node:http,
// both bodies parsed, three outputs written.
import { appendFileSync } from 'node:fs';
import { request } from 'node:http';

const { TRUNK_API_URL: base, TRUNK_TOKEN: token, GITHUB_OUTPUT: output } = process.env;
const target = { repo: { host: 'github.com', owner: 'octo-org', name: 'octo-repo' }, targetBranch: 'main' };
const post = (endpoint, body) =>
  new Promise((resolve, reject) => {
    const text = JSON.stringify(body);
    const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) };
    const req = request(`${base}/v1/${endpoint}`, { method: 'POST', headers: { ...headers, 'x-api-token': token } });
    req.on('error', reject);
    req.on('response', (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
      response.on('error', reject);
    });
    req.end(text);
  });

const [pr, queue] = await Promise.all([
  post('getSubmittedPullRequest', { ...target, pr: { number: 1842 } }),
  post('getQueue', target),
]);
const position = queue.enqueuedPullRequests.findIndex((entry) => entry.prNumber === 1842) + 1;
appendFileSync(
  output,
  `state=${pr.state}\nposition=${position || ''}\nqueue-length=${queue.enqueuedPullRequests.length}\n`,
);
