// Messages to the person: the service's own error text (the contract's {code, message, errors}),
// or a short notice. One region at the top of the page, read out by screen readers.

import { ApiError, NetworkError } from './http.js';
import { h, replace } from './dom.js';

let region = null;
let timer = null;

export function mountFlash(el) {
  region = el;
}

/** Shows what went wrong, in the service's words when it said any. */
export function showError(error) {
  console.error(error);
  replace(region, describe(error));
  region.className = 'flash flash-error';
  region.hidden = false;
  clearTimeout(timer);
}

/** A short notice that goes away by itself. */
export function showNotice(text) {
  replace(region, h('p', {}, text));
  region.className = 'flash flash-notice';
  region.hidden = false;
  clearTimeout(timer);
  timer = setTimeout(clearFlash, 4000);
}

export function clearFlash() {
  if (region) {
    region.hidden = true;
    region.replaceChildren();
  }
}

/** The nodes that explain an error; also used inline by forms. */
export function describe(error) {
  if (error instanceof ApiError) {
    const lines = [h('p', { class: 'flash-message' }, messageOf(error))];
    if (error.errors.length > 0) {
      lines.push(h('ul', {}, error.errors.map((text) => h('li', {}, text))));
    }
    return h('div', { dataset: { status: String(error.status) } }, lines);
  }
  if (error instanceof NetworkError) {
    return h('p', {}, error.message);
  }
  return h('p', {}, 'Something went wrong in the page. Reload it and try again.');
}

function messageOf(error) {
  if (error.sessionEnded) {
    return `Your session has ended (${error.message}). Sign in again.`;
  }
  switch (error.status) {
    case 429:
      return error.retryAfter
        ? `${error.message} Try again in ${error.retryAfter} s.`
        : error.message;
    case 503:
      return `${error.message} The service is recovering; try again in a moment.`;
    default:
      return error.message;
  }
}
