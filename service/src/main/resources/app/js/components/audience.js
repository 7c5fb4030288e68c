// "Who can see this?" for my post: its audience spelled out (people named, tags, groups), and the
// service's own answer for any one person (GET /v1/posts/{id}/audience/{userId}): visible or not,
// and the rule that decided.

import * as api from '../api.js';
import { h, replace } from '../dom.js';
import { describe } from '../flash.js';
import { userLink } from '../users.js';

const TYPES = {
  public: 'Public: everyone who can find it, except people I blocked.',
  private: 'Only me.',
  'partly-visible': 'Only the people listed below (and me).',
  'partly-invisible': 'Everyone except the people listed below.',
};

export function audiencePanel(post) {
  const audience = post.audience;
  const listed = [];
  if (audience.users.length > 0) {
    listed.push(h('li', {}, 'People: ', join(audience.users.map(userLink))));
  }
  if (audience.tags.length > 0) {
    listed.push(h('li', {}, `Anyone I tagged: ${audience.tags.join(', ')}`));
  }
  if (audience.groups.length > 0) {
    listed.push(h('li', {}, `Members of groups: ${audience.groups.join(', ')}`));
  }

  const handle = h('input', { name: 'explain-handle', placeholder: 'a handle', 'aria-label': 'handle to check',
    required: true });
  const answer = h('div', { class: 'explain-answer', 'aria-live': 'polite' });
  const form = h('form', { class: 'explain' }, h('label', {}, 'Can ', handle, ' see it? '),
    h('button', { type: 'submit' }, 'Check'), answer);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    answer.replaceChildren();
    const wanted = handle.value.trim().replace(/^@/, '');
    try {
      const person = await api.userByHandle(wanted);
      const decision = await api.audienceOf(post.id, person.id);
      replace(answer, h('p', { class: decision.visible ? 'visible yes' : 'visible no' },
        decision.visible ? `Yes, @${person.handle} can see it` : `No, @${person.handle} cannot see it`,
        `: ${decision.reason}.`));
    } catch (e) {
      if (e.status === 404) {
        e.message = `Nobody has the handle @${wanted}.`;
      }
      replace(answer, describe(e));
    }
  });

  return h('section', { class: 'panel audience' },
    h('h2', {}, 'Who can see this?'),
    h('p', {}, TYPES[audience.type] || audience.type),
    listed.length > 0 ? h('ul', { class: 'audience-listed' }, listed) : null,
    form);
}

function join(nodes) {
  return nodes.flatMap((node, i) => (i === 0 ? [node] : [', ', node]));
}
