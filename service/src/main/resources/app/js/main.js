// The page's start: the header (navigation, unread badge, find a user, sign out), the routes, and
// what happens when the session starts or ends.

import * as api from './api.js';
import { clearFlash, mountFlash, showError } from './flash.js';
import { go, render, route, start } from './router.js';
import { onUserChange, session, setSession } from './session.js';
import { signInView, signUpView } from './views/auth.js';
import { homeView } from './views/home.js';
import { notificationsView } from './views/notifications.js';
import { postView } from './views/post.js';
import { topicView, trendingView } from './views/topics.js';
import { userView } from './views/user.js';

const UNREAD_POLL_MS = 10_000;

const nav = document.getElementById('nav');
const badge = document.getElementById('unread-badge');
const meLink = document.getElementById('nav-me');

route('/signin', signInView, { open: true });
route('/signup', signUpView, { open: true });
route('/home', homeView);
route('/u/id/:id', userView);
route('/u/:handle', userView);
route('/p/:id', postView);
route('/notifications', notificationsView);
route('/topics', trendingView);
route('/t/:topic', topicView);

function drawHeader(s) {
  nav.hidden = !s;
  if (s) {
    meLink.textContent = s.handle ? `@${s.handle}` : 'Me';
    meLink.setAttribute('href', s.handle ? `#/u/${encodeURIComponent(s.handle)}` : `#/u/id/${s.userId}`);
  } else {
    badge.hidden = true;
  }
}

function drawBadge(unread) {
  const n = unread.unread;
  badge.hidden = n === 0;
  badge.textContent = unread.capped ? `${n}+` : String(n);
  badge.setAttribute('aria-label', `${badge.textContent} unread`);
}

async function pollUnread() {
  if (!session()) {
    return;
  }
  try {
    drawBadge(await api.unread());
  } catch (e) {
    console.error(e); // the badge waits for the next poll; errors that matter show where the reader acts
  }
}

document.getElementById('sign-out').addEventListener('click', async () => {
  try {
    await api.signOut();
  } catch (e) {
    showError(e);
  }
  setSession(null); // signed out here whatever the service said: the tokens are forgotten
});

document.getElementById('find-user').addEventListener('submit', (event) => {
  event.preventDefault();
  const input = event.target.elements.handle;
  const handle = input.value.trim().replace(/^@/, '');
  input.value = '';
  if (handle) {
    go(`/u/${encodeURIComponent(handle)}`);
  }
});

onUserChange((now, before) => {
  drawHeader(now);
  if (!now && before) {
    render(); // signed out, or the session ended: back to the sign-in form
  }
  if (now) {
    pollUnread();
  }
});

document.addEventListener('routed', () => {
  clearFlash();
  pollUnread();
});
document.addEventListener('unread', (event) => drawBadge(event.detail));

mountFlash(document.getElementById('flash'));
drawHeader(session());
setInterval(pollUnread, UNREAD_POLL_MS);
start(document.getElementById('view'), (open) => {
  if (!session() && !open) {
    return '/signin';
  }
  return session() && open ? '/home' : null;
});
