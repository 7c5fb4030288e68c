// Requests to the service: JSON in and out, the bearer token, and the session kept alive.
//
// The access token lasts minutes; the refresh token trades for the next pair once. So a token close
// to its expiry is refreshed before the call, a 401 is answered by one refresh and one retry, and
// only one refresh is ever in flight: two refreshes of the same token would count as a stolen token
// and end the whole session.

import { fromAnswer, session, setSession } from './session.js';

/** Refresh this long before the access token expires, so a call never leaves with a dying token. */
const REFRESH_AHEAD_MS = 60_000;

/** An answer that is not 2xx, in the contract's error shape: {code, message, errors?}. */
export class ApiError extends Error {
  constructor(status, body, retryAfter) {
    super(body && typeof body.message === 'string' ? body.message : `The service answered ${status}.`);
    this.name = 'ApiError';
    this.status = status;
    this.errors = body && Array.isArray(body.errors) ? body.errors : [];
    this.retryAfter = retryAfter;
    /** Set when a 401 could not be cured by a refresh: the person must sign in again. */
    this.sessionEnded = false;
  }
}

/** The service could not be reached at all. */
export class NetworkError extends Error {
  constructor(cause) {
    super('The service could not be reached. Check your connection and try again.');
    this.name = 'NetworkError';
    this.cause = cause;
  }
}

let refreshing = null;

/** Trades the refresh token for a new pair; false when the session is over. One at a time. */
export function refresh() {
  if (!refreshing) {
    refreshing = refreshOnce().finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

async function refreshOnce() {
  const before = session();
  if (!before) {
    return false;
  }
  let answer;
  try {
    answer = await send('POST', '/v1/sessions/refresh', { refreshToken: before.refreshToken }, {});
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) {
      setSession(null); // used, expired or revoked: the only way on is to sign in again
      return false;
    }
    throw e;
  }
  setSession(fromAnswer(answer, before.userId, before.handle));
  return true;
}

/**
 * Calls the API as the signed-in user (or anonymously with {auth: false}).
 * query: an object of parameters (undefined and null left out); body: sent as JSON;
 * headers: extra headers (the Idempotency-Key of a create). Answers the parsed JSON, or null for 204.
 */
export async function call(method, path, { query, body, headers = {}, auth = true } = {}) {
  const url = withQuery(path, query);
  if (!auth) {
    return send(method, url, body, headers);
  }
  const before = session();
  if (before && before.expiresAt - Date.now() < REFRESH_AHEAD_MS) {
    await refresh();
  }
  const sent = session() ? session().token : null;
  try {
    return await send(method, url, body, withToken(headers, sent));
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 401 || !session()) {
      throw e;
    }
    // A token replaced while this call was out is simply retried with the new one; else one refresh.
    if (session().token === sent && !(await refresh())) {
      e.sessionEnded = true;
      throw e;
    }
    return send(method, url, body, withToken(headers, session().token));
  }
}

function withToken(headers, token) {
  return token ? { ...headers, Authorization: `Bearer ${token}` } : headers;
}

function withQuery(path, query) {
  if (!query) {
    return path;
  }
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') {
      params.set(name, String(value));
    }
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

async function send(method, url, body, headers) {
  const init = {
    method,
    headers: { Accept: 'application/json', ...headers },
    // Same origin, no cookies: the token in the header is the only credential.
    credentials: 'omit',
    cache: 'no-store',
  };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(url, init);
  } catch (e) {
    throw new NetworkError(e);
  }
  if (response.status === 204) {
    return null;
  }
  const parsed = await response.json().catch(() => null);
  if (!response.ok) {
    throw new ApiError(response.status, parsed, response.headers.get('Retry-After'));
  }
  return parsed;
}
