// A post's comments by floor: fixed pages of 20 floors, oldest first (a deleted comment leaves
// its page one short, a deleted comment with replies stays as a placeholder), the pinned one on
// top, each comment's replies under it, likes and hates, and forms to comment and to reply.

import * as api from '../api.js';
import { actionButton, count, h, replace, when } from '../dom.js';
import { describe, showError } from '../flash.js';
import { richText } from '../text.js';
import { userLink } from '../users.js';

export function commentsPanel(postId) {
  const list = h('ol', { class: 'comment-list' });
  const pinned = h('div', { class: 'pinned' });
  const pager = h('nav', { class: 'pager', 'aria-label': 'comment pages' });
  const form = writeForm('Write a comment', 'Comment', async (text, key) => {
    const made = await api.addComment(postId, text, null, key);
    await show(Math.ceil(made.floor / pageSize));
  });
  const closed = h('p', { class: 'closed', hidden: true }, 'The author closed the comments.');
  const element = h('section', { class: 'panel comments' }, h('h2', {}, 'Comments'), pinned, list, pager, closed,
    form);
  let pageSize = 20;

  async function show(page) {
    try {
      const answer = await api.comments(postId, page);
      pageSize = answer.pageSize || pageSize;
      replace(pinned, answer.pinned ? [h('p', { class: 'pinned-label' }, 'Pinned by the author'), commentItem(answer.pinned)]
        : []);
      replace(list, answer.items.map(commentItem));
      if (answer.items.length === 0) {
        list.append(h('li', { class: 'empty' }, page === 1 ? 'No comments yet.' : 'Nothing on this page.'));
      }
      drawPager(answer.page, answer.pages);
      form.hidden = answer.closed;
      closed.hidden = !answer.closed;
    } catch (e) {
      replace(list, h('li', {}, describe(e)));
    }
  }

  function drawPager(page, pages) {
    replace(pager,
      page > 1 ? actionButton('‹ earlier', () => show(page - 1)) : null,
      pages > 1 ? h('span', {}, ` page ${page} of ${pages} `) : null,
      page < pages ? actionButton('later ›', () => show(page + 1)) : null);
  }

  function commentItem(c) {
    const replies = h('ol', { class: 'replies', hidden: true });
    let repliesShown = false;
    const toggle = c.counts.replies > 0
      ? actionButton(`${count(c.counts.replies)} replies`, async (button) => {
        repliesShown = !repliesShown;
        replies.hidden = !repliesShown;
        button.textContent = repliesShown ? 'hide replies' : `${count(c.counts.replies)} replies`;
        if (repliesShown) {
          await loadReplies(c, replies);
        }
      }, { class: 'link-button' })
      : null;
    const replyForm = writeForm(`Reply to #${c.floor}`, 'Reply', async (text, key) => {
      await api.addComment(postId, text, c.id, key);
      replyForm.hidden = true;
      replies.hidden = false;
      repliesShown = true;
      await loadReplies(c, replies);
    });
    replyForm.hidden = true;
    const item = one(c, () => {
      replyForm.hidden = !replyForm.hidden;
    });
    item.append(h('div', { class: 'thread' }, toggle, replies, replyForm));
    return item;
  }

  async function loadReplies(root, into) {
    try {
      const found = [];
      let cursor = null;
      do {
        const page = await api.replies(root.id, cursor);
        found.push(...page.items);
        cursor = page.next;
      } while (cursor);
      const floors = new Map(found.map((r) => [r.id, r.floor]));
      replace(into, found.map((r) => {
        const item = one(r, null);
        if (r.parentId && r.parentId !== root.id && floors.has(r.parentId)) {
          item.querySelector('.comment-header').append(` · ↪ reply ${floors.get(r.parentId)}`);
        }
        return item;
      }));
    } catch (e) {
      replace(into, h('li', {}, describe(e)));
    }
  }

  show(1);
  return element;
}

/** One comment or reply: floor, author, time, text, votes, and a reply button when onReply is given. */
function one(c, onReply) {
  const floorLabel = c.rootId ? `reply ${c.floor}` : `#${c.floor}`;
  const item = h('li', { class: c.rootId ? 'comment reply' : 'comment', dataset: { commentId: c.id, floor: String(c.floor) } },
    h('header', { class: 'comment-header' },
      h('span', { class: 'floor' }, floorLabel), ' · ', userLink(c.authorId), ' · ', when(c.createdAt)),
    c.deleted ? h('p', { class: 'comment-text deleted' }, 'This comment was deleted.')
      : h('p', { class: 'comment-text' }, richText(c.content, c.mentions)));
  if (!c.deleted) {
    item.append(votes(c, onReply));
  }
  return item;
}

function votes(c, onReply) {
  let vote = c.myVote;
  let counts = { likes: c.counts.likes, hates: c.counts.hates };
  const up = h('button', { type: 'button', class: 'vote up', title: 'like' });
  const down = h('button', { type: 'button', class: 'vote down', title: 'hate' });
  function draw() {
    up.textContent = `▲ ${count(counts.likes)}`;
    down.textContent = `▼ ${count(counts.hates)}`;
    up.setAttribute('aria-pressed', String(vote === 'like'));
    down.setAttribute('aria-pressed', String(vote === 'hate'));
  }
  async function cast(kind) {
    const on = vote !== kind;
    try {
      counts = await api.voteComment(c.id, kind, on);
      vote = on ? kind : 'none'; // a like and a hate exclude each other
      draw();
    } catch (e) {
      showError(e);
    }
  }
  up.addEventListener('click', () => cast('like'));
  down.addEventListener('click', () => cast('hate'));
  draw();
  return h('footer', { class: 'comment-actions' }, up, down,
    onReply ? h('button', { type: 'button', class: 'link-button reply-button', onclick: onReply }, 'reply') : null);
}

/** A text box and a button; submit(text, idempotencyKey) does the work, errors show under it. */
function writeForm(placeholder, label, submit) {
  const text = h('textarea', { rows: '2', maxlength: '2000', required: true, placeholder, 'aria-label': placeholder });
  const errors = h('div', { class: 'form-error', role: 'alert' });
  const button = h('button', { type: 'submit' }, label);
  const form = h('form', { class: 'write' }, text, button, errors);
  let key = api.idempotencyKey();
  text.addEventListener('input', () => {
    key = api.idempotencyKey();
  });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    button.disabled = true;
    errors.replaceChildren();
    try {
      await submit(text.value, key);
      text.value = '';
      key = api.idempotencyKey();
    } catch (e) {
      replace(errors, describe(e));
    } finally {
      button.disabled = false;
    }
  });
  return form;
}
