// The signed-in session: who I am and my tokens.
//
// Kept in memory and in sessionStorage only: sessionStorage survives a reload of this tab but is
// neither shared with other tabs nor kept after the tab closes, and tokens never go into a URL, a
// cookie or localStorage. Each tab has its own session, which matters because a refresh token
// works once: two tabs refreshing one token would end the session for both.

const KEY = 'widefeed.session';
const listeners = new Set();

let current = read();

function read() {
  try {
    const saved = JSON.parse(sessionStorage.getItem(KEY));
    return saved && saved.token && saved.refreshToken && saved.userId ? saved : null;
  } catch {
    return null;
  }
}

/** The session, or null when signed out: {userId, handle, token, expiresAt (ms), refreshToken}. */
export function session() {
  return current;
}

/** Replaces the session (sign-in, sign-up, refresh) or ends it (null). */
export function setSession(next) {
  const before = current;
  current = next;
  if (next) {
    sessionStorage.setItem(KEY, JSON.stringify(next));
  } else {
    sessionStorage.removeItem(KEY);
  }
  // A refresh changes only the tokens, which nobody watches.
  if ((before && before.userId) !== (next && next.userId) || (before && before.handle) !== (next && next.handle)) {
    listeners.forEach((listener) => listener(next, before));
  }
}

/** A session from an answer of sign-in, sign-up or refresh (their shapes share these fields). */
export function fromAnswer(answer, userId, handle) {
  return {
    userId,
    handle,
    token: answer.token,
    expiresAt: Date.parse(answer.expiresAt),
    refreshToken: answer.refreshToken,
  };
}

/** Called with (the new session or null, the one before) when the user or their handle changes. */
export function onUserChange(listener) {
  listeners.add(listener);
}
