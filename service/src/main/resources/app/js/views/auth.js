// Signing up and signing in. Both answer a session (an access token and a refresh token), which
// goes to session.js and nowhere else; the password is sent once and not kept.

import * as api from '../api.js';
import { h, link, replace } from '../dom.js';
import { describe } from '../flash.js';
import { go } from '../router.js';
import { fromAnswer, session, setSession } from '../session.js';

export function signInView(outlet) {
  const handle = h('input', { name: 'handle', autocomplete: 'username', required: true, minlength: '3',
    maxlength: '20' });
  const password = h('input', { name: 'password', type: 'password', autocomplete: 'current-password',
    required: true });
  outlet.append(authForm('Sign in', [field('Handle', handle), field('Password', password)], async () => {
    const answer = await api.signIn(handle.value.trim(), password.value);
    setSession(fromAnswer(answer, answer.userId, null));
    try {
      // A session names its user by id only; the header shows the handle, which may differ in case from the one typed.
      const me = await api.user(answer.userId);
      setSession({ ...session(), handle: me.handle });
    } catch (e) {
      console.error(e); // signed in all the same; the header says "Me"
    }
  }, h('p', {}, 'New here? ', link('/signup', 'Create an account'))));
}

export function signUpView(outlet) {
  const name = h('input', { name: 'name', autocomplete: 'name', required: true, maxlength: '30' });
  const handle = h('input', { name: 'handle', autocomplete: 'username', minlength: '3', maxlength: '20',
    pattern: '[A-Za-z0-9_]{3,20}', placeholder: 'made from your name if left empty' });
  const password = h('input', { name: 'password', type: 'password', autocomplete: 'new-password', required: true,
    minlength: '10', maxlength: '128', placeholder: 'at least 10 characters' });
  outlet.append(authForm('Create an account',
    [field('Name', name), field('Handle', handle), field('Password', password)], async () => {
      const answer = await api.signUp(name.value.trim(), handle.value.trim(), password.value);
      setSession(fromAnswer(answer, answer.user.id, answer.user.handle));
    }, h('p', {}, 'Have an account? ', link('/signin', 'Sign in'))));
}

function field(label, input) {
  return h('label', { class: 'field' }, h('span', {}, label), input);
}

function authForm(title, fields, submit, footer) {
  const errors = h('div', { class: 'form-error', role: 'alert' });
  const button = h('button', { type: 'submit', class: 'primary' }, title);
  const form = h('form', { class: 'panel auth' }, h('h1', {}, title), fields, button, errors, footer);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    button.disabled = true;
    errors.replaceChildren();
    try {
      await submit();
      go('/home');
    } catch (e) {
      replace(errors, describe(e));
    } finally {
      button.disabled = false;
    }
  });
  return form;
}
