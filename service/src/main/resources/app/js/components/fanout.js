// The delivery plan of my post (GET /v1/posts/{id}/fanout): its mode, the whole delivery as one
// bar over the followers, then one bar per activity tier, most active first. Redrawn every second
// while the plan is pending.

import * as api from '../api.js';
import { count, h, replace } from '../dom.js';
import { describe } from '../flash.js';

const POLL_MS = 1000;

/** Answers {element, stop()}. */
export function fanoutPanel(postId) {
  const body = h('div', { class: 'fanout-body' }, 'Loading the delivery plan…');
  const element = h('section', { class: 'panel fanout', 'aria-live': 'polite' },
    h('h2', {}, 'Delivery to followers'), body);
  let timer = null;
  let stopped = false;

  async function draw() {
    try {
      const plan = await api.fanout(postId);
      if (stopped) {
        return;
      }
      replace(body, render(plan));
      if (plan.state === 'pending') {
        timer = setTimeout(draw, POLL_MS);
      }
    } catch (e) {
      replace(body, describe(e));
    }
  }
  draw();
  return {
    element,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

function render(plan) {
  const reached = plan.pushed + (plan.pulledBy || 0);
  const skipped = (plan.skipped || []).reduce((sum, s) => sum + s.followers, 0);
  const nodes = [
    h('p', { class: 'fanout-summary' },
      h('span', { class: `state state-${plan.state}` }, plan.state), ' · ',
      `mode ${plan.mode} · ${count(plan.followers)} ${plan.followers === 1 ? 'follower' : 'followers'}`,
      ` · ${count(plan.pushed)} pushed`,
      plan.pulledBy ? ` · ${count(plan.pulledBy)} pull it when they read` : '',
      skipped ? ` · ${count(skipped)} skipped` : ''),
    bar('all followers', reached + skipped, plan.followers, plan.state === 'done'),
  ];
  for (const tier of plan.tiers || []) {
    const done = tier.state.startsWith('done') || tier.state.startsWith('skipped');
    const deadline = tier.metDeadline === true ? ' · met its deadline'
      : tier.metDeadline === false ? ' · missed its deadline' : '';
    nodes.push(h('div', { class: 'tier', dataset: { tier: tier.name } },
      h('p', { class: 'tier-label' },
        h('strong', {}, tier.name),
        ` (read within ${duration(tier.activeWithinSeconds)}, deadline ${duration(tier.deadlineSeconds)}): `,
        `${tier.state} · ${count(tier.pushed)} pushed · ${count(tier.pulled)} pulled · `,
        `${count(tier.candidates)} found${deadline}`),
      bar(tier.name, tier.pushed + tier.pulled, tier.candidates, done)));
  }
  for (const skip of plan.skipped || []) {
    if (skip.followers > 0) {
      nodes.push(h('p', { class: 'fanout-skipped' }, `${count(skip.followers)} skipped: ${skip.reason}`));
    }
  }
  if (plan.endedBecause) {
    nodes.push(h('p', { class: 'fanout-ended' }, `Ended: ${plan.endedBecause}`));
  }
  return nodes;
}

/** A progress bar; a finished part with nobody in it is full, not empty. */
function bar(label, part, whole, done) {
  const percent = whole > 0 ? Math.min(100, Math.round((100 * part) / whole)) : done ? 100 : 0;
  const fill = h('div', { class: done ? 'bar-fill bar-done' : 'bar-fill' });
  fill.style.width = `${percent}%`; // CSSOM, which the CSP allows (an inline style attribute it would not)
  return h('div', {
    class: 'bar', role: 'progressbar', 'aria-label': label,
    'aria-valuemin': '0', 'aria-valuemax': '100', 'aria-valuenow': String(percent),
  }, fill);
}

function duration(seconds) {
  return seconds >= 86400 ? `${Math.round(seconds / 86400)} d`
    : seconds >= 3600 ? `${Math.round(seconds / 3600)} h`
      : seconds >= 60 ? `${Math.round(seconds / 60)} min` : `${seconds} s`;
}
