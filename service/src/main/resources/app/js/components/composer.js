// Writing a post, with its audience: public, only me, or partly visible / partly invisible to
// listed people (by handle), to people carrying some of my tags, or to members of groups (by id).
// The Idempotency-Key is kept until the post is accepted, so sending again after a lost answer
// (a network error, a 503) cannot post twice.

import * as api from '../api.js';
import { h, replace } from '../dom.js';
import { describe } from '../flash.js';

const MAX = 2000;

/** onPosted(post) is called with each post the service accepted. */
export function composer(onPosted) {
  const text = h('textarea', {
    name: 'content', rows: '3', maxlength: String(MAX), required: true,
    placeholder: 'What is happening? (@handle to mention, #topic to tag)', 'aria-label': 'post text',
  });
  const left = h('span', { class: 'chars-left' }, String(MAX));
  const type = h('select', { name: 'audience', 'aria-label': 'audience' },
    h('option', { value: 'public' }, 'Public'),
    h('option', { value: 'private' }, 'Only me'),
    h('option', { value: 'partly-visible' }, 'Only…'),
    h('option', { value: 'partly-invisible' }, 'Everyone except…'));
  const handles = h('input', { name: 'audience-users', placeholder: 'handles, e.g. ada, bob', 'aria-label': 'people' });
  const tags = h('input', { name: 'audience-tags', placeholder: 'my tags, e.g. friends', 'aria-label': 'tags' });
  const groups = h('input', { name: 'audience-groups', placeholder: 'group ids', 'aria-label': 'groups' });
  const lists = h('fieldset', { class: 'audience-lists', hidden: true },
    h('legend', {}, 'who is listed'),
    h('label', {}, 'People ', handles), h('label', {}, 'Tags ', tags), h('label', {}, 'Groups ', groups));
  const errors = h('div', { class: 'form-error', role: 'alert' });
  const send = h('button', { type: 'submit', class: 'primary' }, 'Post');
  const form = h('form', { class: 'composer' },
    text, h('div', { class: 'composer-row' }, h('label', {}, 'Audience ', type), left, send), lists, errors);

  let key = api.idempotencyKey();
  text.addEventListener('input', () => {
    left.textContent = String(MAX - Array.from(text.value).length);
    key = api.idempotencyKey(); // another text is another post
  });
  type.addEventListener('change', () => {
    lists.hidden = !type.value.startsWith('partly');
    key = api.idempotencyKey();
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    send.disabled = true;
    errors.replaceChildren();
    try {
      const audience = await audienceOf(type.value, handles.value, tags.value, groups.value);
      const post = await api.createPost(text.value, audience, key);
      key = api.idempotencyKey();
      text.value = '';
      left.textContent = String(MAX);
      onPosted(post);
    } catch (e) {
      replace(errors, describe(e));
    } finally {
      send.disabled = false;
    }
  });
  return form;
}

/** The contract's audience object; handles are looked up to ids (a 404 names the missing one). */
async function audienceOf(type, handleText, tagText, groupText) {
  if (!type.startsWith('partly')) {
    return { type, users: [], tags: [], groups: [] };
  }
  const handles = words(handleText).map((w) => w.replace(/^@/, ''));
  const users = await Promise.all(handles.map(async (handle) => {
    try {
      return (await api.userByHandle(handle)).id;
    } catch (e) {
      if (e.status === 404 || e.status === 400) {
        e.message = `Nobody has the handle @${handle}.`;
      }
      throw e;
    }
  }));
  return { type, users, tags: words(tagText), groups: words(groupText) };
}

function words(text) {
  return text.split(',').map((w) => w.trim()).filter((w) => w.length > 0);
}
