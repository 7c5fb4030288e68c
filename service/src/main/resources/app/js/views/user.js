// A user's page: who they are, their counts, follow / unfollow, my tags for them, and their
// posts that I may see.

import * as api from '../api.js';
import { actionButton, count, h, replace } from '../dom.js';
import { describe, showError } from '../flash.js';
import { session } from '../session.js';
import { timeline } from '../components/timeline.js';
import { remember } from '../users.js';

/** params: {handle} or {id}. */
export function userView(outlet, params) {
  const box = h('div', {}, h('p', {}, 'Loading…'));
  outlet.append(box);
  let feed = null;
  let left = false;
  (async () => {
    try {
      const user = params.id ? await api.user(params.id) : await api.userByHandle(params.handle);
      const card = await profile(user);
      if (left) {
        return; // the reader moved on: start no polling for a page nobody shows
      }
      remember(user);
      feed = timeline((page) => api.userPosts(user.id, page), { empty: 'No posts you can see.' });
      replace(box, card, h('div', { class: 'section-title' }, h('h2', {}, 'Posts')), feed.element);
    } catch (e) {
      replace(box, h('section', { class: 'panel' }, describe(e)));
    }
  })();
  return () => {
    left = true;
    if (feed) {
      feed.stop();
    }
  };
}

async function profile(user) {
  const mine = user.id === session().userId;
  const followers = h('span', { class: 'followers-count' }, count(user.counts.followers));
  const card = h('section', { class: 'panel profile', dataset: { userId: user.id } },
    h('h1', {}, user.name, ' ', h('span', { class: 'handle' }, user.handle ? `@${user.handle}` : '')),
    user.bio ? h('p', { class: 'bio' }, user.bio) : null,
    h('p', { class: 'counts' },
      h('span', {}, count(user.counts.posts), ' posts'), ' · ',
      h('span', {}, followers, ' followers'), ' · ',
      h('span', {}, count(user.counts.following), ' following')));
  if (!mine) {
    const relation = await api.relationship(user.id);
    card.append(followControls(user, relation, followers), await tagControls(user));
  }
  return card;
}

function followControls(user, relation, followers) {
  let following = relation.following;
  let shown = user.counts.followers;
  const button = actionButton(following ? 'Unfollow' : 'Follow', async () => {
    try {
      if (following) {
        await api.unfollow(user.id);
      } else {
        await api.follow(user.id);
      }
      following = !following;
      shown += following ? 1 : -1;
      followers.textContent = count(Math.max(0, shown));
      button.textContent = following ? 'Unfollow' : 'Follow';
      button.className = following ? 'follow following' : 'follow primary';
    } catch (e) {
      showError(e);
    }
  }, { class: following ? 'follow following' : 'follow primary' });
  return h('p', { class: 'relation' }, button, relation.followedBy ? h('span', { class: 'follows-you' }, 'follows you') : null);
}

/** My private labels on this user, which a post's audience can name. */
async function tagControls(user) {
  const list = h('span', { class: 'tag-list' });
  const input = h('input', { name: 'tag', placeholder: 'e.g. friends', maxlength: '30', required: true,
    'aria-label': 'tag' });
  const form = h('form', { class: 'tags-form' }, h('span', {}, 'My tags for them: '), list, ' ', input,
    h('button', { type: 'submit' }, 'Add tag'));

  async function draw() {
    const mine = (await api.tags()).items.filter((t) => t.members.includes(user.id)).map((t) => t.tag);
    replace(list, mine.length === 0 ? h('em', {}, 'none') : mine.map((label) => h('span', { class: 'chip' }, label,
      actionButton('×', async () => {
        try {
          await api.untag(label, user.id);
          await draw();
        } catch (e) {
          showError(e);
        }
      }, { class: 'link-button', title: `remove tag ${label}` }))));
  }
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      await api.tag(input.value.trim(), user.id);
      input.value = '';
      await draw();
    } catch (e) {
      showError(e);
    }
  });
  await draw();
  return form;
}
