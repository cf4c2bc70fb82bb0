// @ts-check
// GitHub's REST bodies for the simulator's repository, in the shapes of GitHub's OpenAPI
// description (npm @octokit/openapi, generated/api.github.com.json): "pull request simple" with
// its "repository" and "simple-user", as `GET /repos/{owner}/{repo}/commits/{sha}/pulls` and
// `GET /repos/{owner}/{repo}/pulls` list them, a "commit-comparison" of
// `GET /repos/{owner}/{repo}/compare/{basehead}`,
// and GitHub's error body ("basic-error"). A workflow run's body is ./github-runs.mjs's. Every field the schema requires is here, so that a body validates
// against it: github-openapi.json is those operations and the schemas they reference, copied
// unchanged, and __tests__/simulator/github.slow.test.ts holds the bodies to it. The values follow GitHub's example answer (components/examples/
// pull-request-simple-items) and the pull_request webhook examples (npm @octokit/webhooks-examples).
import { createHash } from 'node:crypto';
import { minutesAgo, SIM_BRANCH, SIM_REPO } from './scenarios.mjs';

const API = 'https://api.github.com';
const WEB = `https://${SIM_REPO.host}`;
const FULL_NAME = `${SIM_REPO.owner}/${SIM_REPO.name}`;
const REPO_API = `${API}/repos/${FULL_NAME}`;
const DOCS_URL = 'https://docs.github.com/rest/commits/commits#list-pull-requests-associated-with-a-commit';

/**
 * What a scenario says of one PR; the rest of its body follows from it.
 * @typedef {object} GitHubPr
 * @property {number} number
 * @property {'open' | 'closed'} state  not whether it merged: `mergedAt` says that
 * @property {string} title
 * @property {string} author  the login that opened it
 * @property {string} headRef
 * @property {string} headSha
 * @property {string} baseRef
 * @property {string | null} mergedAt
 * @property {string | null} mergeCommitSha  after a merge, the commit it made on the base branch;
 *   before, GitHub's test merge commit (or null)
 * @property {string} createdAt
 * @property {string} updatedAt
 * @property {string | null} closedAt
 * @property {boolean} [draft]
 */

/** A commit id made from a name, so that the simulator's commits look like GitHub's. @param {string} name */
export function shaOf(name) {
  return createHash('sha1').update(name).digest('hex');
}

/** Each `*_url` of a repository: its path under the repository's API URL, as GitHub spells them. */
const REPO_URLS = {
  archive_url: '/{archive_format}{/ref}',
  assignees_url: '/assignees{/user}',
  blobs_url: '/git/blobs{/sha}',
  branches_url: '/branches{/branch}',
  collaborators_url: '/collaborators{/collaborator}',
  comments_url: '/comments{/number}',
  commits_url: '/commits{/sha}',
  compare_url: '/compare/{base}...{head}',
  contents_url: '/contents/{+path}',
  contributors_url: '/contributors',
  deployments_url: '/deployments',
  downloads_url: '/downloads',
  events_url: '/events',
  forks_url: '/forks',
  git_commits_url: '/git/commits{/sha}',
  git_refs_url: '/git/refs{/sha}',
  git_tags_url: '/git/tags{/sha}',
  hooks_url: '/hooks',
  issue_comment_url: '/issues/comments{/number}',
  issue_events_url: '/issues/events{/number}',
  issues_url: '/issues{/number}',
  keys_url: '/keys{/key_id}',
  labels_url: '/labels{/name}',
  languages_url: '/languages',
  merges_url: '/merges',
  milestones_url: '/milestones{/number}',
  notifications_url: '/notifications{?since,all,participating}',
  pulls_url: '/pulls{/number}',
  releases_url: '/releases{/id}',
  stargazers_url: '/stargazers',
  statuses_url: '/statuses/{sha}',
  subscribers_url: '/subscribers',
  subscription_url: '/subscription',
  tags_url: '/tags',
  teams_url: '/teams',
  trees_url: '/git/trees{/sha}',
};

/** A GitHub account ("simple-user"): a person, or with `type` 'Organization' the repository's owner. */
export function userBody(login = 'octocat', type = 'User') {
  const id = 1000 + (parseInt(shaOf(login).slice(0, 6), 16) % 9_000_000);
  const url = `${API}/users/${login}`;
  return {
    login,
    id,
    node_id: Buffer.from(`04:User${id}`).toString('base64'),
    avatar_url: `https://avatars.githubusercontent.com/u/${id}?v=4`,
    gravatar_id: '',
    url,
    html_url: `${WEB}/${login}`,
    followers_url: `${url}/followers`,
    following_url: `${url}/following{/other_user}`,
    gists_url: `${url}/gists{/gist_id}`,
    starred_url: `${url}/starred{/owner}{/repo}`,
    subscriptions_url: `${url}/subscriptions`,
    organizations_url: `${url}/orgs`,
    repos_url: `${url}/repos`,
    events_url: `${url}/events{/privacy}`,
    received_events_url: `${url}/received_events`,
    type,
    user_view_type: 'public',
    site_admin: false,
  };
}

/** The simulator's repository ("repository"), as a PR's head and base name it. */
export function repositoryBody() {
  const created = minutesAgo(60 * 24 * 400);
  return {
    id: 612_345_678,
    node_id: 'R_kgDOJIZsTg',
    name: SIM_REPO.name,
    full_name: FULL_NAME,
    owner: userBody(SIM_REPO.owner, 'Organization'),
    private: true,
    html_url: `${WEB}/${FULL_NAME}`,
    description: 'The repository the merge queue simulator serves',
    fork: false,
    url: REPO_API,
    ...Object.fromEntries(Object.entries(REPO_URLS).map(([name, path]) => [name, `${REPO_API}${path}`])),
    git_url: `git://${SIM_REPO.host}/${FULL_NAME}.git`,
    ssh_url: `git@${SIM_REPO.host}:${FULL_NAME}.git`,
    clone_url: `${WEB}/${FULL_NAME}.git`,
    svn_url: `${WEB}/${FULL_NAME}`,
    mirror_url: null,
    homepage: null,
    language: 'TypeScript',
    forks_count: 0,
    forks: 0,
    stargazers_count: 12,
    watchers_count: 12,
    watchers: 12,
    size: 2048,
    default_branch: SIM_BRANCH,
    open_issues_count: 3,
    open_issues: 3,
    is_template: false,
    topics: [],
    has_issues: true,
    has_projects: false,
    has_wiki: false,
    has_pages: false,
    has_downloads: true,
    archived: false,
    disabled: false,
    visibility: 'private',
    license: null,
    pushed_at: minutesAgo(3),
    created_at: created,
    updated_at: minutesAgo(60),
  };
}

/**
 * One PR as the commit's list has it ("pull-request-simple").
 * @param {GitHubPr} pr
 */
export function pullRequestSimple(pr) {
  const api = `${REPO_API}/pulls/${pr.number}`;
  const issue = `${REPO_API}/issues/${pr.number}`;
  const html = `${WEB}/${FULL_NAME}/pull/${pr.number}`;
  const repo = repositoryBody();
  const owner = repo.owner;
  const statuses = `${REPO_API}/statuses/${pr.headSha}`;
  return {
    url: api,
    id: 2_100_000_000 + pr.number,
    node_id: Buffer.from(`PR_${pr.number}`).toString('base64url'),
    html_url: html,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    issue_url: issue,
    commits_url: `${api}/commits`,
    review_comments_url: `${api}/comments`,
    review_comment_url: `${REPO_API}/pulls/comments{/number}`,
    comments_url: `${issue}/comments`,
    statuses_url: statuses,
    number: pr.number,
    state: pr.state,
    locked: false,
    title: pr.title,
    user: userBody(pr.author),
    body: null,
    labels: [],
    milestone: null,
    active_lock_reason: null,
    created_at: pr.createdAt,
    updated_at: pr.updatedAt,
    closed_at: pr.closedAt,
    merged_at: pr.mergedAt,
    merge_commit_sha: pr.mergeCommitSha,
    assignee: null,
    assignees: [],
    requested_reviewers: [],
    requested_teams: [],
    head: { label: `${owner.login}:${pr.headRef}`, ref: pr.headRef, sha: pr.headSha, user: owner, repo },
    base: {
      label: `${owner.login}:${pr.baseRef}`,
      ref: pr.baseRef,
      sha: shaOf(`${pr.baseRef}@${pr.number}`),
      user: owner,
      repo,
    },
    _links: {
      self: { href: api },
      html: { href: html },
      issue: { href: issue },
      comments: { href: `${issue}/comments` },
      review_comments: { href: `${api}/comments` },
      review_comment: { href: `${REPO_API}/pulls/comments{/number}` },
      commits: { href: `${api}/commits` },
      statuses: { href: statuses },
    },
    author_association: 'MEMBER',
    auto_merge: null,
    draft: pr.draft ?? false,
  };
}

/**
 * GitHub's error body ("basic-error"), as its REST API sends one: the message, where its docs
 * are, and (since 2024) the status as a string.
 * @param {number} status
 * @param {string} message
 */
export function githubError(status, message) {
  return {
    message,
    documentation_url: status === 401 ? 'https://docs.github.com/rest' : DOCS_URL,
    status: String(status),
  };
}

/**
 * One commit as a comparison lists it ("commit"): its id, message, author and parents.
 * @param {{ sha: string, parents: string[], message: string, author: string, date: string }} commit
 */
export function commitBody(commit) {
  const url = `${REPO_API}/commits/${commit.sha}`;
  const html = `${WEB}/${FULL_NAME}/commit/${commit.sha}`;
  const person = { name: commit.author, email: `${commit.author}@users.noreply.github.com`, date: commit.date };
  return {
    url,
    sha: commit.sha,
    node_id: Buffer.from(`C_${commit.sha.slice(0, 16)}`).toString('base64url'),
    html_url: html,
    comments_url: `${url}/comments`,
    commit: {
      url: `${REPO_API}/git/commits/${commit.sha}`,
      author: person,
      committer: { ...person, name: 'GitHub', email: 'noreply@github.com' },
      message: commit.message,
      comment_count: 0,
      tree: { sha: shaOf(`tree of ${commit.sha}`), url: `${REPO_API}/git/trees/${shaOf(`tree of ${commit.sha}`)}` },
    },
    author: userBody(commit.author),
    committer: userBody('web-flow'),
    parents: commit.parents.map((sha) => ({
      sha,
      url: `${REPO_API}/commits/${sha}`,
      html_url: `${WEB}/${FULL_NAME}/commit/${sha}`,
    })),
  };
}

/**
 * A comparison of base...head ("commit-comparison"), as GitHub answers it.
 * @param {object} compared
 * @param {string} compared.basehead  as asked
 * @param {ReturnType<typeof commitBody>} compared.base  the base commit
 * @param {ReturnType<typeof commitBody>} compared.mergeBase
 * @param {'ahead' | 'behind' | 'diverged' | 'identical'} compared.status
 * @param {number} compared.aheadBy
 * @param {number} compared.behindBy
 * @param {ReturnType<typeof commitBody>[]} compared.commits  the page's commits, oldest first
 */
export function comparisonBody({ basehead, base, mergeBase, status, aheadBy, behindBy, commits }) {
  const web = `${WEB}/${FULL_NAME}/compare/${basehead}`;
  return {
    url: `${REPO_API}/compare/${basehead}`,
    html_url: web,
    permalink_url: `${WEB}/${FULL_NAME}/compare/${SIM_REPO.owner}:${base.sha.slice(0, 7)}...${SIM_REPO.owner}:${commits.at(-1)?.sha.slice(0, 7) ?? base.sha.slice(0, 7)}`,
    diff_url: `${web}.diff`,
    patch_url: `${web}.patch`,
    base_commit: base,
    merge_base_commit: mergeBase,
    status,
    ahead_by: aheadBy,
    behind_by: behindBy,
    total_commits: aheadBy,
    commits,
    // Changed files come with every comparison; the action reads none of them.
    files: [
      {
        sha: shaOf(`blob of ${basehead}`),
        filename: 'docs/README.md',
        status: 'modified',
        additions: 3,
        deletions: 1,
        changes: 4,
        blob_url: `${WEB}/${FULL_NAME}/blob/${commits.at(-1)?.sha ?? base.sha}/docs/README.md`,
        raw_url: `${WEB}/${FULL_NAME}/raw/${commits.at(-1)?.sha ?? base.sha}/docs/README.md`,
        contents_url: `${REPO_API}/contents/docs/README.md?ref=${commits.at(-1)?.sha ?? base.sha}`,
        patch: '@@ -1,2 +1,4 @@\n # Docs\n-old\n+new\n+more\n+lines',
      },
    ],
  };
}
