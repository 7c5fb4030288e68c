// Names for user ids. Posts carry their author, but comments, notifications and audiences name
// users by id only, so the page looks them up here: ids asked for in the same turn go out as one
// batch call (GET /v1/users?ids=, up to 100 at a time), and each answer is kept for the page's life.

import * as api from './api.js';
import { h, link } from './dom.js';

const BATCH = 100;
const known = new Map(); // id -> Promise of the user, or of null for an unknown id
let waiting = new Map(); // id -> resolve function, for the batch not sent yet

/** The user with this id (null if there is none), from the cache or the next batch. */
export function userById(id) {
  if (!known.has(id)) {
    known.set(id, new Promise((resolve) => {
      if (waiting.size === 0) {
        queueMicrotask(flush);
      }
      waiting.set(id, resolve);
    }));
  }
  return known.get(id);
}

/** Remembers a user the page already has (a post's author, a profile), so nothing asks for it again. */
export function remember(user) {
  if (user && user.id && !known.has(user.id)) {
    known.set(user.id, Promise.resolve(user));
  }
}

async function flush() {
  const batch = waiting;
  waiting = new Map();
  const ids = [...batch.keys()];
  for (let i = 0; i < ids.length; i += BATCH) {
    const part = ids.slice(i, i + BATCH);
    let found = [];
    try {
      found = (await api.users(part)).items;
    } catch (e) {
      console.error(e);
      part.forEach((id) => known.delete(id)); // ask again next time rather than keep a failure
    }
    const byId = new Map(found.map((u) => [u.id, u]));
    part.forEach((id) => batch.get(id)(byId.get(id) || null));
  }
}

/** A link to a user's page, named once their name is known (the id until then). */
export function userLink(id) {
  const a = link(`/u/id/${id}`, h('span', { class: 'pending-name' }, `user ${id}`));
  a.classList.add('user-link');
  userById(id).then((u) => {
    if (u) {
      a.replaceChildren(u.name, ' ', h('span', { class: 'handle' }, u.handle ? `@${u.handle}` : ''));
      if (u.handle) {
        a.setAttribute('href', `#/u/${encodeURIComponent(u.handle)}`);
      }
    }
  });
  return a;
}
