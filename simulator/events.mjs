// @ts-check
// The events a workflow runs on around one of Trunk's merge-queue test runs, as GitHub delivers
// them: the payload (the fields of GitHub's webhook payloads that workflows and the action read,
// in their real shapes: octokit/webhooks' payload-examples for pull_request, push, issue_comment
// and workflow_run) and the variables the runner sets beside it (GITHUB_REF, GITHUB_SHA,
// GITHUB_ACTOR, GITHUB_HEAD_REF). The demo runs the action on them, and the tests run the README's
// use 1 on them, its `if:` conditions included.
import { SIM_BRANCH, SIM_PR, SIM_REPO, SIM_SHA } from './scenarios.mjs';

const REPOSITORY = `${SIM_REPO.owner}/${SIM_REPO.name}`;
/** The GitHub App Trunk acts as: it pushes test branches and opens their draft PRs. */
const TRUNK_BOT = 'trunk-io[bot]';
/** The draft PR Trunk opens from a test branch, in draft-PR mode. */
const DRAFT_PR = 9001;
/** The commit Trunk tests: the PRs merged onto the queue's branch, on the test branch. */
const TEST_SHA = '5e1f0c2d3b4a59687706f5e4d3c2b1a0f9e8d7c6';
/** The newest commit of the default branch: what issue_comment and workflow_run runs check out. */
const DEFAULT_SHA = 'a0b1c2d3e4f5061728394a5b6c7d8e9f0a1b2c3d';
const TEST_RUN_ID = '3f0c1b9e-5d7a-4c1e-9a52-0b8f2c6d7e11';

/**
 * An event as a run gets it.
 * @typedef {{ eventName: string, event: Record<string, unknown>, env: Record<string, string> }} EventRun
 */

/** Trunk's test branch for these PRs: `trunk-merge/pr-1842-1843/<id>`. @param {readonly number[]} prs */
export function testBranchFor(prs) {
  return `trunk-merge/pr-${prs.join('-')}/${TEST_RUN_ID}`;
}

/** @param {string} login */
const user = (login) => ({ login, type: login.endsWith('[bot]') ? 'Bot' : 'User' });
/** @param {string} fullName */
const repo = (fullName) => ({
  full_name: fullName,
  name: fullName.split('/')[1],
  owner: user(fullName.split('/')[0] ?? ''),
});
const repository = () => ({ ...repo(REPOSITORY), default_branch: SIM_BRANCH });

/**
 * A pull_request event: a PR opened or pushed to.
 * @param {object} [pr]
 * @param {number} [pr.number]
 * @param {string} [pr.headRef]  its branch
 * @param {string} [pr.headSha]
 * @param {string} [pr.headRepo]  the repository its branch is in (another one: a fork)
 * @param {string} [pr.author]  who opened it, and the event's actor
 * @param {string} [pr.action]  opened, synchronize, reopened
 * @param {boolean} [pr.draft]
 * @returns {EventRun}
 */
export function pullRequestRun(pr = {}) {
  const number = pr.number ?? SIM_PR;
  const headRef = pr.headRef ?? 'docs-update';
  const headSha = pr.headSha ?? SIM_SHA;
  const author = pr.author ?? 'octocat';
  return {
    eventName: 'pull_request',
    event: {
      action: pr.action ?? 'synchronize',
      number,
      pull_request: {
        number,
        state: 'open',
        draft: pr.draft ?? false,
        title: pr.draft ? headRef : 'Update documentation',
        user: user(author),
        head: { ref: headRef, sha: headSha, repo: repo(pr.headRepo ?? REPOSITORY) },
        base: { ref: SIM_BRANCH, sha: DEFAULT_SHA, repo: repo(REPOSITORY) },
      },
      repository: repository(),
      sender: user(author),
    },
    env: {
      GITHUB_REF: `refs/pull/${number}/merge`,
      GITHUB_SHA: 'f'.repeat(40),
      GITHUB_HEAD_REF: headRef,
      GITHUB_BASE_REF: SIM_BRANCH,
      GITHUB_ACTOR: author,
    },
  };
}

/** Draft-PR mode: Trunk opens a draft PR from its test branch when the test starts. @param {string} branch @returns {EventRun} */
export function draftPrRun(branch) {
  return pullRequestRun({
    number: DRAFT_PR,
    headRef: branch,
    headSha: TEST_SHA,
    author: TRUNK_BOT,
    action: 'opened',
    draft: true,
  });
}

/** Push mode: Trunk pushes its test branch when the test starts. @param {string} branch @returns {EventRun} */
export function testPushRun(branch) {
  return {
    eventName: 'push',
    event: {
      ref: `refs/heads/${branch}`,
      before: '0'.repeat(40),
      after: TEST_SHA,
      created: true,
      deleted: false,
      forced: false,
      repository: repository(),
      pusher: { name: TRUNK_BOT },
      sender: user(TRUNK_BOT),
    },
    env: { GITHUB_REF: `refs/heads/${branch}`, GITHUB_SHA: TEST_SHA, GITHUB_ACTOR: TRUNK_BOT },
  };
}

/**
 * A comment on a PR (or, with `onPullRequest` false, on an issue): `/trunk merge` by a member.
 * @param {object} [comment]
 * @param {number} [comment.number]
 * @param {string} [comment.body]
 * @param {string} [comment.author]
 * @param {string} [comment.association]  OWNER, MEMBER, COLLABORATOR, CONTRIBUTOR, NONE, …
 * @param {boolean} [comment.onPullRequest]
 * @returns {EventRun}
 */
export function commentRun(comment = {}) {
  const number = comment.number ?? SIM_PR;
  const author = comment.author ?? 'octocat';
  const url = `https://api.github.com/repos/${REPOSITORY}/pulls/${number}`;
  return {
    eventName: 'issue_comment',
    event: {
      action: 'created',
      issue: {
        number,
        title: 'Update documentation',
        state: 'open',
        user: user('octocat'),
        ...(comment.onPullRequest === false
          ? {}
          : { pull_request: { url, html_url: `https://github.com/${REPOSITORY}/pull/${number}`, merged_at: null } }),
      },
      comment: {
        body: comment.body ?? '/trunk merge',
        user: user(author),
        author_association: comment.association ?? 'MEMBER',
      },
      repository: repository(),
      sender: user(author),
    },
    env: { GITHUB_REF: `refs/heads/${SIM_BRANCH}`, GITHUB_SHA: DEFAULT_SHA, GITHUB_ACTOR: author },
  };
}

/**
 * The CI workflow's run on a test branch completing (`workflow_run`, `completed`). In draft-PR mode
 * CI ran on the draft PR, which the run lists; in push mode on the push, and the run lists no PR.
 * @param {string} branch
 * @param {object} [options]
 * @param {'draft-pr' | 'push'} [options.mode]
 * @param {string} [options.headRepo]  the repository the branch is in (another one: a fork)
 * @param {string} [options.conclusion]
 * @returns {EventRun}
 */
export function testRunCompletedRun(branch, options = {}) {
  const mode = options.mode ?? 'draft-pr';
  const headRepo = options.headRepo ?? REPOSITORY;
  const draft = {
    number: DRAFT_PR,
    head: { ref: branch, sha: TEST_SHA, repo: repo(headRepo) },
    base: { ref: SIM_BRANCH, sha: DEFAULT_SHA, repo: repo(REPOSITORY) },
  };
  return {
    eventName: 'workflow_run',
    event: {
      action: 'completed',
      workflow_run: {
        name: 'CI',
        event: mode === 'push' ? 'push' : 'pull_request',
        status: 'completed',
        conclusion: options.conclusion ?? 'success',
        head_branch: branch,
        head_sha: TEST_SHA,
        head_repository: repo(headRepo),
        repository: repo(REPOSITORY),
        pull_requests: mode === 'push' || headRepo !== REPOSITORY ? [] : [draft],
        actor: user(TRUNK_BOT),
        triggering_actor: user(TRUNK_BOT),
      },
      workflow: { name: 'CI', path: '.github/workflows/ci.yml' },
      repository: repository(),
      sender: user(TRUNK_BOT),
    },
    env: { GITHUB_REF: `refs/heads/${SIM_BRANCH}`, GITHUB_SHA: DEFAULT_SHA, GITHUB_ACTOR: TRUNK_BOT },
  };
}
