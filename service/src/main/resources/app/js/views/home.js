// My home timeline: what I and everyone I follow posted that I may see, newest first, with the
// composer on top. A post I write shows at once; others' arrive through the "new posts" bar.

import * as api from '../api.js';
import { h } from '../dom.js';
import { composer } from '../components/composer.js';
import { timeline } from '../components/timeline.js';

export function homeView(outlet) {
  const feed = timeline((page) => api.home(page), {
    empty: 'Your home timeline is empty. Follow people (find them by handle above) or write your first post.',
  });
  const refresh = h('button', { type: 'button', class: 'link-button refresh' }, 'refresh');
  refresh.addEventListener('click', () => feed.refresh());
  outlet.append(
    h('section', { class: 'panel' }, h('h1', { class: 'visually-hidden' }, 'Home'), composer((post) => feed.prepend(post))),
    h('div', { class: 'section-title' }, h('h2', {}, 'Home'), refresh),
    feed.element);
  return feed.stop;
}
