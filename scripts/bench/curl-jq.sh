#!/usr/bin/env bash
# What people write by hand today, for `npm run bench`: two curl calls and jq.
set -euo pipefail
target='"repo":{"host":"github.com","owner":"octo-org","name":"octo-repo"},"targetBranch":"main"'
post() {
  curl -sSf -X POST -H "x-api-token: $TRUNK_TOKEN" -H 'content-type: application/json' -d "$2" "$TRUNK_API_URL/v1/$1"
}
pr=$(post getSubmittedPullRequest "{$target,\"pr\":{\"number\":1842}}")
queue=$(post getQueue "{$target}")
{
  echo "state=$(jq -r .state <<<"$pr")"
  echo "position=$(jq -r '[.enqueuedPullRequests[].prNumber] | index(1842) | if . == null then "" else . + 1 end' <<<"$queue")"
  echo "queue-length=$(jq '.enqueuedPullRequests | length' <<<"$queue")"
} >>"$GITHUB_OUTPUT"
