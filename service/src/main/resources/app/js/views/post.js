// One post: the card, and for its author the delivery plan (fan-out, drawn per tier) and "who
// can see this"; then its comments by floor and its reposts.

import * as api from '../api.js';
import { actionButton, h, replace } from '../dom.js';
import { describe } from '../flash.js';
import { go } from '../router.js';
import { session } from '../session.js';
import { audiencePanel } from '../components/audience.js';
import { commentsPanel } from '../components/comments.js';
import { fanoutPanel } from '../components/fanout.js';
import { postCard } from '../components/postcard.js';

export function postView(outlet, { id }) {
  const box = h('div', {}, h('p', {}, 'Loading…'));
  outlet.append(box);
  let fanout = null;
  let left = false;
  (async () => {
    try {
      const post = await api.post(id);
      if (left) {
        return; // the reader moved on: start no polling for a page nobody shows
      }
      const parts = [postCard(post, { onDeleted: () => go('/home') })];
      if (post.authorId === session().userId) {
        fanout = fanoutPanel(post.id);
        parts.push(fanout.element, audiencePanel(post));
      }
      parts.push(commentsPanel(post.id), repostsPanel(post.id));
      replace(box, parts);
    } catch (e) {
      // 404 is also what a post I may not see answers: the contract makes invisible exactly unknown.
      replace(box, h('section', { class: 'panel' }, describe(e)));
    }
  })();
  return () => {
    left = true;
    if (fanout) {
      fanout.stop();
    }
  };
}

/** The post's reposts that I may see, on fixed pages, oldest first. */
function repostsPanel(postId) {
  const list = h('ol', { class: 'reposts' });
  const pager = h('nav', { class: 'pager', 'aria-label': 'repost pages' });
  async function show(page) {
    try {
      const answer = await api.reposts(postId, page);
      replace(list, answer.items.length === 0 ? h('li', { class: 'empty' }, 'No reposts yet.')
        : answer.items.map((p) => h('li', {}, postCard(p))));
      replace(pager,
        page > 1 ? actionButton('‹ earlier', () => show(page - 1)) : null,
        answer.pages > 1 ? ` page ${page} of ${answer.pages} ` : null,
        page < answer.pages ? actionButton('later ›', () => show(page + 1)) : null);
    } catch (e) {
      replace(list, h('li', {}, describe(e)));
    }
  }
  show(1);
  return h('section', { class: 'panel reposts-panel' }, h('h2', {}, 'Reposts'), list, pager);
}
