// The REST contract (docs/api.md, "The API"), one function per call the page makes. Ids are strings
// (64-bit ids do not fit a JavaScript number); every value put into a path is encoded.

import { call } from './http.js';
import { session } from './session.js';

const seg = encodeURIComponent;

function me() {
  return seg(session().userId);
}

/** A fresh key for a create, kept by the caller across retries so that a retry creates nothing twice. */
export function idempotencyKey() {
  return crypto.randomUUID();
}

// --- accounts and sessions ---

export const signUp = (name, handle, password) =>
  call('POST', '/v1/users', { auth: false, body: handle ? { name, handle, password } : { name, password } });
export const signIn = (handle, password) =>
  call('POST', '/v1/sessions', { auth: false, body: { handle, password } });
export const signOut = () => call('DELETE', '/v1/sessions/current');

// --- users and follows ---

export const user = (id) => call('GET', `/v1/users/${seg(id)}`);
export const users = (ids) => call('GET', '/v1/users', { query: { ids: ids.join(',') } });
export const userByHandle = (handle) => call('GET', `/v1/users/by-handle/${seg(handle)}`);
export const relationship = (other) => call('GET', `/v1/users/${me()}/relationship/${seg(other)}`);
export const follow = (target) => call('PUT', `/v1/users/${me()}/following/${seg(target)}`);
export const unfollow = (target) => call('DELETE', `/v1/users/${me()}/following/${seg(target)}`);
export const tags = () => call('GET', `/v1/users/${me()}/tags`);
export const tag = (label, userId) => call('PUT', `/v1/users/${me()}/tags/${seg(label)}/members/${seg(userId)}`);
export const untag = (label, userId) =>
  call('DELETE', `/v1/users/${me()}/tags/${seg(label)}/members/${seg(userId)}`);

// --- posts ---

export const createPost = (content, audience, key) =>
  call('POST', '/v1/posts', { body: { content, audience }, headers: { 'Idempotency-Key': key } });
export const repost = (id, key) =>
  call('POST', `/v1/posts/${seg(id)}/reposts`, { body: {}, headers: { 'Idempotency-Key': key } });
export const post = (id) => call('GET', `/v1/posts/${seg(id)}`);
export const deletePost = (id) => call('DELETE', `/v1/posts/${seg(id)}`);
export const reposts = (id, page) => call('GET', `/v1/posts/${seg(id)}/reposts`, { query: { page } });
export const like = (id) => call('PUT', `/v1/posts/${seg(id)}/like`);
export const unlike = (id) => call('DELETE', `/v1/posts/${seg(id)}/like`);
export const fanout = (id) => call('GET', `/v1/posts/${seg(id)}/fanout`);
export const audienceOf = (id, userId) => call('GET', `/v1/posts/${seg(id)}/audience/${seg(userId)}`);

// --- timelines: page = {cursor?, since?, limit?} ---

export const home = (page) => call('GET', `/v1/users/${me()}/home`, { query: page });
export const userPosts = (id, page) => call('GET', `/v1/users/${seg(id)}/posts`, { query: page });
export const topicPosts = (topic, page) => call('GET', `/v1/topics/${seg(topic)}/posts`, { query: page });
export const trending = (window) => call('GET', '/v1/topics/trending', { query: { window } });

// --- comments ---

export const comments = (postId, page) => call('GET', `/v1/posts/${seg(postId)}/comments`, { query: { page } });
export const comment = (id) => call('GET', `/v1/comments/${seg(id)}`);
export const replies = (id, cursor) =>
  call('GET', `/v1/comments/${seg(id)}/replies`, { query: { cursor, limit: 100 } });
export const addComment = (postId, content, replyTo, key) =>
  call('POST', `/v1/posts/${seg(postId)}/comments`, {
    body: replyTo ? { content, replyTo } : { content },
    headers: { 'Idempotency-Key': key },
  });
export const voteComment = (id, vote, on) => call(on ? 'PUT' : 'DELETE', `/v1/comments/${seg(id)}/${vote}`);

// --- notifications ---

export const notifications = (cursor) => call('GET', `/v1/users/${me()}/notifications`, { query: { cursor } });
export const unread = () => call('GET', `/v1/users/${me()}/notifications/unread`);
export const markRead = (upTo) => call('PUT', `/v1/users/${me()}/notifications/read`, { body: { upTo } });
