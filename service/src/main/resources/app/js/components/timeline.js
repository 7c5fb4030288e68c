// A timeline of posts (home, a user's, a topic's): newest first, more pages loaded as the reader
// scrolls to the end (the contract's opaque cursor), and a "new posts" bar fed by polling with
// since=<the newest id shown>, which answers only what is newer. The bar waits for a click, so the
// list never jumps under the reader.

import { h, replace } from '../dom.js';
import { describe, showError } from '../flash.js';
import { postCard } from './postcard.js';

const PAGE = 20;
const POLL_MS = 15_000;
/** Pages of a refresh followed at most; past them the reader can refresh again. */
const REFRESH_PAGES = 5;

/**
 * load(page) answers a page {items, next} for {limit, cursor?, since?}.
 * Answers {element, prepend(post), refresh(), stop()}; stop() ends the polling and the scroll watch.
 */
export function timeline(load, { empty = 'Nothing here yet.' } = {}) {
  const shown = new Set();
  const list = h('ol', { class: 'timeline' });
  const status = h('p', { class: 'timeline-status' }, 'Loading…');
  const newBar = h('button', { type: 'button', class: 'new-posts', hidden: true });
  const sentinel = h('div', { class: 'sentinel', 'aria-hidden': 'true' });
  const element = h('section', { class: 'timeline-box' }, newBar, list, status, sentinel);

  let newest = null; // the newest id this list holds from the service: the next refresh's bound
  let cursor = null;
  let ended = false;
  let loading = false;
  let stopped = false;

  function item(post) {
    shown.add(post.id);
    return h('li', {}, postCard(post, { onDeleted: () => shown.delete(post.id) }));
  }

  function showStatus() {
    if (ended) {
      status.textContent = shown.size === 0 ? empty : 'That is everything.';
    }
  }

  async function more() {
    if (loading || ended || stopped) {
      return;
    }
    loading = true;
    try {
      const page = await load({ limit: PAGE, cursor });
      if (stopped) {
        return;
      }
      if (newest === null && page.items.length > 0) {
        newest = page.items[0].id;
      }
      page.items.filter((p) => !shown.has(p.id)).forEach((p) => list.append(item(p)));
      cursor = page.next;
      ended = !cursor;
      status.textContent = ended ? '' : 'Loading…';
      showStatus();
    } catch (e) {
      replace(status, describe(e));
      ended = true; // a failed page stops the scroll; the reader can reload
    } finally {
      loading = false;
    }
    // A short first page may leave the end in view, where the observer would not fire again.
    if (!ended && !stopped && sentinel.getBoundingClientRect().top < window.innerHeight) {
      more();
    }
  }

  /** What is newer than the newest shown, down to it: pages followed with the same since. */
  async function newer() {
    if (newest === null) {
      return [];
    }
    const found = [];
    let next = null;
    for (let i = 0; i < REFRESH_PAGES; i++) {
      const page = await load({ limit: PAGE, since: newest, cursor: next });
      found.push(...page.items);
      next = page.next;
      if (!next) {
        break;
      }
    }
    return found;
  }

  async function poll() {
    try {
      const fresh = (await newer()).filter((p) => !shown.has(p.id));
      if (fresh.length > 0 && !stopped) {
        newBar.textContent = fresh.length === 1 ? 'Show 1 new post' : `Show ${fresh.length} new posts`;
        newBar.hidden = false;
      }
    } catch (e) {
      console.error(e); // polling quietly; the next poll or a click will tell
    }
  }

  /** Puts what is new on top (also what the "new posts" bar does). */
  async function refresh() {
    newBar.hidden = true;
    if (newest === null) {
      cursor = null;
      ended = false;
      return more();
    }
    try {
      const fresh = await newer();
      if (fresh.length > 0) {
        newest = fresh[0].id;
      }
      fresh.filter((p) => !shown.has(p.id)).reverse().forEach((p) => list.prepend(item(p)));
    } catch (e) {
      showError(e);
    }
  }
  newBar.addEventListener('click', refresh);

  const observer = new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting)) {
      more();
    }
  }, { rootMargin: '400px' });
  observer.observe(sentinel);
  const timer = setInterval(poll, POLL_MS);
  more();

  return {
    element,
    /** A post this page just wrote, shown at once (the service's own order catches up on refresh). */
    prepend(post) {
      if (!shown.has(post.id)) {
        list.prepend(item(post));
        status.textContent = '';
      }
    },
    refresh,
    stop() {
      stopped = true;
      observer.disconnect();
      clearInterval(timer);
    },
  };
}
