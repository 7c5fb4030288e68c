// My notifications: one line per group ("bob and 2 others liked your post"), newest hour first,
// unread ones marked. Opening the page marks what it shows as read (up to the newest latestAt),
// and the unread badge in the header follows.

import * as api from '../api.js';
import { actionButton, count, h, link, replace, when } from '../dom.js';
import { describe, showError } from '../flash.js';
import { go } from '../router.js';
import { userLink } from '../users.js';

const VERBS = {
  like: 'liked your post',
  comment: 'commented on your post',
  reply: 'replied to your comment',
  'comment-like': 'liked your comment',
  repost: 'reposted your post',
  follow: 'followed you',
  mention: 'mentioned you',
};

export function notificationsView(outlet) {
  const list = h('ol', { class: 'notifications' });
  const more = h('div', { class: 'more' });
  outlet.append(h('section', { class: 'panel' }, h('h1', {}, 'Notifications'), list, more));
  let newestRead = null;

  async function page(cursor) {
    try {
      const answer = await api.notifications(cursor);
      if (!cursor && answer.items.length === 0) {
        list.append(h('li', { class: 'empty' }, 'Nothing yet.'));
      }
      answer.items.forEach((group) => list.append(line(group)));
      replace(more, answer.next ? actionButton('older', () => page(answer.next)) : null);
      await markRead(answer.items);
    } catch (e) {
      replace(more, describe(e));
    }
  }

  async function markRead(groups) {
    // Compared as times (the texts' fractions differ in length), sent as the service wrote it (microseconds).
    const newest = groups.filter((g) => g.unread).map((g) => g.latestAt)
      .reduce((a, b) => (a === null || Date.parse(b) > Date.parse(a) ? b : a), null);
    if (newest && (!newestRead || Date.parse(newest) > Date.parse(newestRead))) {
      newestRead = newest;
      const after = await api.markRead(newest);
      document.dispatchEvent(new CustomEvent('unread', { detail: after }));
    }
  }

  page(null);
}

function line(group) {
  const others = group.count - group.actors.length;
  const actors = group.actors.flatMap((a, i) => {
    const sep = i === 0 ? [] : [i === group.actors.length - 1 && others <= 0 ? ' and ' : ', '];
    return [...sep, userLink(a.id)];
  });
  const rest = others <= 0 ? ''
    : actors.length === 0 ? `${count(others)} ${others === 1 ? 'person' : 'people'}`
      : ` and ${count(others)} ${others === 1 ? 'other' : 'others'}`;
  return h('li', { class: group.unread ? 'notification unread' : 'notification', dataset: { kind: group.kind } },
    actors, rest,
    ' ', target(group), ' · ', when(group.latestAt));
}

/** The verb, linked to what it happened to where there is a page for it. */
function target(group) {
  const verb = VERBS[group.kind] || group.kind;
  if (group.targetType === 'post') {
    return link(`/p/${group.targetId}`, verb);
  }
  if (group.targetType === 'comment') {
    // A comment has no page of its own: its post's page is found when asked for.
    return h('button', {
      type: 'button', class: 'link-button',
      onclick: async () => {
        try {
          go(`/p/${(await api.comment(group.targetId)).postId}`);
        } catch (e) {
          showError(e);
        }
      },
    }, verb);
  }
  return h('span', {}, verb);
}
