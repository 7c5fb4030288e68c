// A post's or comment's text as nodes: plain text, with each @mention the service resolved made a
// link to that user. The service gives mention positions in Unicode code points, so the text is
// split into code points (Array.from), not UTF-16 units, before cutting.

import { h, link } from './dom.js';

/** The text's nodes; mentions: [{id, handle, start, end}] as the contract gives them. */
export function richText(content, mentions = []) {
  const points = Array.from(content || '');
  const nodes = [];
  let at = 0;
  for (const m of [...mentions].sort((a, b) => a.start - b.start)) {
    if (m.start < at || m.end > points.length) {
      continue; // overlapping or out of range: leave it as text
    }
    nodes.push(document.createTextNode(points.slice(at, m.start).join('')));
    const mention = link(`/u/${encodeURIComponent(m.handle)}`, points.slice(m.start, m.end).join(''));
    mention.classList.add('mention');
    nodes.push(mention);
    at = m.end;
  }
  nodes.push(document.createTextNode(points.slice(at).join('')));
  return nodes;
}

/** The post's #topics (folded by the service) as links to their pages. */
export function topicLinks(topics = []) {
  if (topics.length === 0) {
    return null;
  }
  return h('ul', { class: 'topics' }, topics.map((t) => h('li', {}, link(`/t/${encodeURIComponent(t)}`, `#${t}`))));
}
