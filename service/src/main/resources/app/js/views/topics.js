// Topics: what is trending (the topics most posts named in the last hour or day) and one topic's
// page, the posts naming #topic that I may see, newest first.

import * as api from '../api.js';
import { count, h, link, replace, when } from '../dom.js';
import { describe } from '../flash.js';
import { timeline } from '../components/timeline.js';

export function trendingView(outlet) {
  const list = h('ol', { class: 'trending' });
  const stamp = h('p', { class: 'muted' });
  const windows = h('p', { class: 'windows' });
  const topic = h('input', { name: 'topic', placeholder: 'a topic', 'aria-label': 'topic', required: true });
  const find = h('form', { class: 'inline-form' }, topic, h('button', { type: 'submit' }, 'Open'));
  find.addEventListener('submit', (event) => {
    event.preventDefault();
    location.hash = `/t/${encodeURIComponent(topic.value.trim().replace(/^#/, ''))}`;
  });
  outlet.append(h('section', { class: 'panel' }, h('h1', {}, 'Trending topics'), windows, list, stamp, find));

  async function show(window) {
    replace(windows, ['1h', '24h'].map((w) => (w === window ? h('strong', {}, `last ${w} `)
      : h('button', { type: 'button', class: 'link-button', onclick: () => show(w) }, `last ${w} `))));
    try {
      const answer = await api.trending(window);
      replace(list, answer.items.length === 0 ? h('li', { class: 'empty' }, 'No topics yet.')
        : answer.items.map((t) => h('li', {}, link(`/t/${encodeURIComponent(t.topic)}`, `#${t.topic}`),
          ` · ${count(t.posts)} posts`)));
      replace(stamp, answer.computedAt ? ['updated ', when(answer.computedAt), ' ago'] : []);
    } catch (e) {
      replace(list, h('li', {}, describe(e)));
    }
  }
  show('1h');
}

export function topicView(outlet, { topic }) {
  const feed = timeline((page) => api.topicPosts(topic, page), { empty: 'No posts you can see name this topic.' });
  outlet.append(h('div', { class: 'section-title' }, h('h1', {}, `#${topic}`)), feed.element);
  return feed.stop;
}
