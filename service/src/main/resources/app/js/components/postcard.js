// One post as a card: author, time, audience, text, topics, and its actions (like, comment,
// repost, delete for its author). A repost shows its text, if any, over the original it leads to.

import * as api from '../api.js';
import { actionButton, count, h, link, when } from '../dom.js';
import { showError, showNotice } from '../flash.js';
import { session } from '../session.js';
import { richText, topicLinks } from '../text.js';
import { remember } from '../users.js';

const AUDIENCE_LABELS = {
  private: 'only me',
  'partly-visible': 'partly visible',
  'partly-invisible': 'partly invisible',
};

/** The card; options.embedded: an original inside a repost (no actions of its own). */
export function postCard(post, { embedded = false, onDeleted } = {}) {
  remember(post.author);
  const card = h('article', { class: embedded ? 'post post-embedded' : 'post', dataset: { postId: post.id } });
  card.append(header(post));
  if (post.content) {
    card.append(h('p', { class: 'post-text' }, richText(post.content, post.mentions)));
  }
  const topics = topicLinks(post.topics);
  if (topics) {
    card.append(topics);
  }
  if (post.type === 'repost' && post.original) {
    card.append(post.original.deleted
      ? h('p', { class: 'post-embedded post-gone' }, 'The original post was deleted or is not visible to you.')
      : postCard(post.original, { embedded: true }));
  }
  if (!embedded) {
    card.append(actions(post, card, onDeleted));
  }
  return card;
}

function header(post) {
  const author = post.author || { id: post.authorId, name: `user ${post.authorId}`, handle: null };
  const route = author.handle ? `/u/${encodeURIComponent(author.handle)}` : `/u/id/${author.id}`;
  const parts = [
    link(route, h('strong', { class: 'author-name' }, author.name), ' ',
      h('span', { class: 'handle' }, author.handle ? `@${author.handle}` : '')),
    ' · ',
    link(`/p/${post.id}`, when(post.createdAt)),
  ];
  if (post.type === 'repost') {
    parts.unshift(h('span', { class: 'repost-mark', title: 'repost' }, '↻ '));
  }
  const label = AUDIENCE_LABELS[post.audience && post.audience.type];
  if (label) {
    parts.push(' · ', h('span', { class: 'audience-label', title: 'who may see this post' }, label));
  }
  return h('header', { class: 'post-header' }, parts);
}

function actions(post, card, onDeleted) {
  const counts = post.counts;
  let liked = post.likedByMe;
  const likeButton = actionButton(likeLabel(liked, counts.likes), async () => {
    try {
      const answer = liked ? await api.unlike(post.id) : await api.like(post.id);
      liked = answer.liked;
      likeButton.textContent = likeLabel(liked, answer.likes);
      likeButton.setAttribute('aria-pressed', String(liked));
    } catch (e) {
      showError(e);
    }
  }, { class: 'like', 'aria-pressed': String(liked), title: 'like' });

  let reposts = counts.reposts;
  const repostButton = actionButton(`↻ ${count(reposts)}`, async () => {
    try {
      await api.repost(post.id, api.idempotencyKey());
      reposts += 1;
      repostButton.textContent = `↻ ${count(reposts)}`;
      showNotice('Reposted to your followers.');
    } catch (e) {
      showError(e);
    }
  }, { class: 'repost', title: 'repost' });

  // Words, not an emoji: a machine without an emoji font (a server's headless browser) shows a blank box.
  const commentsLink = link(`/p/${post.id}`, counts.comments === 1 ? '1 comment' : `${count(counts.comments)} comments`);
  commentsLink.classList.add('comments-link');
  const bar = h('footer', { class: 'post-actions' }, likeButton, commentsLink, repostButton);

  if (session() && post.authorId === session().userId) {
    bar.append(link(`/p/${post.id}`, 'delivery & audience'));
    bar.append(actionButton('delete', async () => {
      if (!window.confirm('Delete this post?')) {
        return;
      }
      try {
        await api.deletePost(post.id);
        card.remove();
        if (onDeleted) {
          onDeleted(post);
        }
      } catch (e) {
        showError(e);
      }
    }, { class: 'link-button delete' }));
  }
  return bar;
}

function likeLabel(liked, likes) {
  return `${liked ? '♥' : '♡'} ${count(likes)}`;
}
