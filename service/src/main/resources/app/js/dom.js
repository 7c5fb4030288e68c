// Building the page. Every text goes in as a text node, never as markup: a post that says
// <script> shows those characters. There is no innerHTML anywhere in the client (the page's
// Trusted Types policy would refuse it anyway), and no inline style (the CSP refuses it): looks
// come from classes, and the one computed length, a progress bar's width, is set through CSSOM.

/**
 * An element: h('a', {class: 'x', href: '#/home', onclick: fn}, 'text', child, [more]).
 * Props: class, dataset (an object), on<event> (a listener), anything else an attribute.
 * Children: nodes, or values turned into text nodes; null, undefined and false are skipped.
 */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === null || value === undefined || value === false) {
      continue;
    }
    if (name === 'style' || name === 'innerHTML' || name === 'outerHTML') {
      throw new Error(`h(): '${name}' is not allowed; use a class or text`);
    }
    if (name === 'class') {
      el.className = value;
    } else if (name === 'dataset') {
      Object.assign(el.dataset, value);
    } else if (name.startsWith('on') && typeof value === 'function') {
      el.addEventListener(name.slice(2), value);
    } else {
      el.setAttribute(name, value === true ? '' : String(value));
    }
  }
  append(el, children);
  return el;
}

/** Appends children (nodes, or values as text nodes) in order. */
export function append(el, ...children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) {
      continue;
    }
    el.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** Replaces everything inside el. */
export function replace(el, ...children) {
  el.replaceChildren();
  return append(el, ...children);
}

/** A link to a route of the page (the part after #), e.g. link('/u/ada', '@ada'). */
export function link(route, ...children) {
  return h('a', { href: `#${route}` }, ...children);
}

/** A button that runs an async action, disabled while it runs so one click is one request. */
export function actionButton(label, action, props = {}) {
  const button = h('button', { type: 'button', ...props }, label);
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      await action(button);
    } finally {
      button.disabled = false;
    }
  });
  return button;
}

/** When: "12 s", "5 min", "3 h", then the date; the exact time in the title. */
export function when(iso) {
  const at = new Date(iso);
  const seconds = Math.max(0, Math.round((Date.now() - at.getTime()) / 1000));
  const text = seconds < 60 ? `${seconds} s`
    : seconds < 3600 ? `${Math.floor(seconds / 60)} min`
      : seconds < 86400 ? `${Math.floor(seconds / 3600)} h`
        : at.toLocaleDateString();
  return h('time', { datetime: at.toISOString(), title: at.toLocaleString() }, text);
}

/** 1234 as "1,234" in the reader's locale. */
export function count(n) {
  return Number(n).toLocaleString();
}
