// The history a window report could not read at all (v2's ids could not be looked up, or its
// adapter failed in the mixed mode): each read's figures empty, with the reason a warning names,
// rather than a failed run. Kept apart from v2's adapter, which a run with api-token alone never loads.
import type { WindowAnswer, WindowRequest } from '../core/history.js';

export function unreadWindow(request: WindowRequest, message: string): WindowAnswer {
  // The spans asked for: the figures are empty for a failure, not short for a cut.
  return {
    kind: 'history',
    current: { covered: request.current },
    ...(request.before ? { before: { covered: request.before } } : {}),
    failures: [
      { read: 'trips', message },
      { read: 'testing', message },
    ],
    requests: 0,
  };
}
