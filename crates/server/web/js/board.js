// The board: North on top and South at the bottom from the viewer's seat (the viewer's side
// is always at the bottom), houses as buttons with their number and count always visible,
// both stores (labelled with their owner), seed dots, highlights and the sowing animation, in
// which a hand of seeds travels from pit to pit.

import { h, sleep } from './dom.js';
import { other } from './position.js';

const MAX_DOTS = 24;
const BEAD_COLOURS = 6;

export const SPEEDS = { off: 0, fast: 90, normal: 200, slow: 420 };

function key(side, house) {
  return house === 'store' ? `${side}:store` : `${side}:${house}`;
}

export class Board {
  /**
   * @param {object} o
   * @param {number} o.n houses per side
   * @param {'south'|'north'} o.bottom the side shown at the bottom (the viewer's)
   * @param {(kind: 'house'|'store', side: string, house: number, seeds: number) => string} o.label
   *        screen-reader label of a pit
   * @param {(house: number, side: string) => void} o.onPlay called when a playable house is chosen
   * @param {(side: string, seeds: number) => void} [o.onStore] called when a store's count changes
   * @param {() => void} [o.onDrop] called for each seed the animation drops
   */
  constructor({ n, bottom, label, onPlay, ariaLabel, onStore, onDrop }) {
    this.onStore = onStore;
    this.onDrop = onDrop;
    this.n = n;
    this.bottom = bottom;
    this.top = other(bottom);
    this.label = label;
    this.onPlay = onPlay;
    this.pits = new Map();
    this.counts = new Map();
    this.playable = null;
    this.el = h('div', { class: 'board', role: 'group', 'aria-label': ariaLabel || 'Kalah board' });
    this.el.style.setProperty('--houses', n);
    this.build();
  }

  build() {
    const { n } = this;
    const cells = [];
    // House numbers above the top row and below the bottom row.
    for (let i = 1; i <= n; i++) {
      cells.push(h('div', { class: 'pit-number top', 'aria-hidden': 'true', style: `grid-column:${n + 2 - i};grid-row:1`, text: String(i) }));
      cells.push(h('div', { class: 'pit-number bottom', 'aria-hidden': 'true', style: `grid-column:${1 + i};grid-row:4`, text: String(i) }));
    }
    for (const side of [this.top, this.bottom]) {
      const isTop = side === this.top;
      for (let i = 1; i <= n; i++) {
        const button = h('button', {
          type: 'button',
          class: `pit house ${isTop ? 'top' : 'bottom'} side-${side}`,
          style: `grid-column:${isTop ? n + 2 - i : 1 + i};grid-row:${isTop ? 2 : 3}`,
          tabindex: '-1',
          dataset: { side, house: String(i) },
          onClick: () => this.choose(side, i),
          onKeydown: (e) => this.onKey(e, side, i),
        });
        this.pits.set(key(side, i), button);
        cells.push(button);
      }
      const store = h('div', {
        class: `pit store ${isTop ? 'left' : 'right'} side-${side}`,
        role: 'img',
        style: `grid-column:${isTop ? 1 : n + 2};grid-row:2 / span 2`,
        dataset: { side, house: 'store' },
      });
      this.pits.set(key(side, 'store'), store);
      cells.push(store);
    }
    for (const pit of this.pits.values()) {
      pit.append(h('span', { class: 'dots', 'aria-hidden': 'true' }), h('span', { class: 'count', 'aria-hidden': 'true' }));
      if (pit.classList.contains('house')) pit.append(h('span', { class: 'value', 'aria-hidden': 'true' }));
    }
    this.hand = h('span', { class: 'hand', 'aria-hidden': 'true', hidden: true });
    this.el.append(...cells, this.hand);
    this.focusable = this.pits.get(key(this.bottom, 1));
    this.focusable.tabIndex = 0;
  }

  /** The count shown in a pit (house number or 'store'). */
  count(side, house) {
    return this.counts.get(key(side, house)) ?? 0;
  }

  /**
   * Writes each store's owner beside it, in the free corner of the number rows: above the top
   * player's store, below the bottom player's. `names`: {south: 'You', north: 'Computer'}.
   */
  setStoreNames(names) {
    if (!this.storeNames) {
      this.storeNames = {};
      for (const side of [this.top, this.bottom]) {
        const isTop = side === this.top;
        const label = h('div', { class: `store-name side-${side}`, 'aria-hidden': 'true' });
        label.style.gridColumn = String(isTop ? 1 : this.n + 2);
        label.style.gridRow = String(isTop ? 1 : 4);
        this.storeNames[side] = label;
        this.el.append(label);
      }
    }
    for (const side of ['south', 'north']) this.storeNames[side].textContent = names[side] || '';
  }

  /** Shows the counts of a parsed position. */
  setPosition(pos) {
    for (const side of ['south', 'north']) {
      pos.houses[side].forEach((c, i) => this.setCount(side, i + 1, c));
      this.setCount(side, 'store', pos.stores[side]);
    }
  }

  setCount(side, house, seeds) {
    const k = key(side, house);
    const pit = this.pits.get(k);
    if (!pit) return;
    const changed = this.counts.get(k) !== seeds;
    this.counts.set(k, seeds);
    if (changed) {
      pit.querySelector('.count').textContent = String(seeds);
      drawDots(pit.querySelector('.dots'), seeds, house === 'store');
      if (house === 'store' && this.onStore) this.onStore(side, seeds);
    }
    this.updateLabel(side, house);
  }

  updateLabel(side, house) {
    const k = key(side, house);
    const pit = this.pits.get(k);
    const seeds = this.counts.get(k) ?? 0;
    const value = pit.dataset.valueText ? `, ${pit.dataset.valueText}` : '';
    pit.setAttribute('aria-label', this.label(house === 'store' ? 'store' : 'house', side, house, seeds) + value);
  }

  /** Marks which houses may be sown now: {side, houses: Set<number>} or null. */
  setPlayable(playable) {
    this.playable = playable;
    for (const [k, pit] of this.pits) {
      if (!pit.classList.contains('house')) continue;
      const [side, house] = k.split(':');
      const ok = !!playable && playable.side === side && playable.houses.has(Number(house));
      pit.classList.toggle('is-playable', ok);
      pit.setAttribute('aria-disabled', ok ? 'false' : 'true');
    }
    // Keep keyboard focus on a sensible house: the focused one, else the first playable.
    if (playable && !this.el.contains(document.activeElement)) {
      const first = [...playable.houses].sort((a, b) => a - b)[0];
      if (first) this.setFocusable(this.pits.get(key(playable.side, first)));
    }
  }

  /** Highlights: {from, last, capture: [pit], sweep: bool}; pits as {side, house|'store'}. */
  setHighlights({ from = null, last = null, capture = [], sweep = false } = {}) {
    for (const pit of this.pits.values()) pit.classList.remove('is-from', 'is-last', 'is-capture', 'is-sowing', 'is-sweep');
    const mark = (p, cls) => {
      if (!p) return;
      const pit = this.pits.get(key(p.side, p.store ? 'store' : p.house));
      if (pit) pit.classList.add(cls);
    };
    mark(from, 'is-from');
    mark(last, 'is-last');
    for (const p of capture) mark(p, 'is-capture');
    if (sweep) for (const s of ['south', 'north']) mark({ side: s, store: true }, 'is-sweep');
  }

  /** Move values for `side`'s houses: Map(house -> {text, best}) or null to hide. */
  setValues(side, values) {
    for (const [k, pit] of this.pits) {
      if (!pit.classList.contains('house')) continue;
      const [s, house] = k.split(':');
      const v = values && s === side ? values.get(Number(house)) : null;
      pit.querySelector('.value').textContent = v ? v.text : '';
      pit.classList.toggle('has-value', !!v);
      pit.classList.toggle('is-best', !!(v && v.best));
      if (v) pit.dataset.valueText = v.label;
      else delete pit.dataset.valueText;
      this.updateLabel(s, Number(house));
    }
  }

  choose(side, house) {
    const ok = this.playable && this.playable.side === side && this.playable.houses.has(house);
    if (ok && this.onPlay) this.onPlay(house, side);
  }

  setFocusable(pit) {
    if (!pit || pit === this.focusable) return;
    if (this.focusable) this.focusable.tabIndex = -1;
    pit.tabIndex = 0;
    this.focusable = pit;
  }

  onKey(e, side, house) {
    const isTop = side === this.top;
    // Visual column of this house (1 = left).
    const col = isTop ? this.n + 1 - house : house;
    let target = null;
    const at = (s, c) => this.pits.get(key(s, s === this.top ? this.n + 1 - c : c));
    switch (e.key) {
      case 'ArrowLeft': target = col > 1 ? at(side, col - 1) : null; break;
      case 'ArrowRight': target = col < this.n ? at(side, col + 1) : null; break;
      case 'ArrowUp': target = isTop ? null : at(this.top, col); break;
      case 'ArrowDown': target = isTop ? at(this.bottom, col) : null; break;
      case 'Home': target = at(side, 1); break;
      case 'End': target = at(side, this.n); break;
      default: return;
    }
    e.preventDefault();
    e.stopPropagation();
    if (target) {
      this.setFocusable(target);
      target.focus();
    }
  }

  focus() {
    this.focusable?.focus();
  }

  /**
   * Animates one sowing from `before` (parsed position) using a history entry
   * {mover, move, sown: [{side, house}|{side, store:true}], capture, extra_turn, sweep}:
   * a hand with the house's seeds travels and drops one seed per pit, a capture carries both
   * houses to the store, an extra turn lights the store, the end sweep empties the houses.
   * Ends with the counts of `after`. Resolves at once (showing `after`) when `delay` is 0.
   */
  async animate(before, entry, after, delay) {
    const from = { side: entry.mover, house: Number(entry.move) };
    const sown = Array.isArray(entry.sown) ? entry.sown : null;
    if (!delay || !sown || !Number.isInteger(from.house)) {
      this.setPosition(after);
      return;
    }
    this.el.classList.add('is-animating');
    this.el.style.setProperty('--hop', `${Math.round(delay * 0.8)}ms`);
    const counts = new Map();
    const get = (p) => counts.get(key(p.side, p.store ? 'store' : p.house)) ?? 0;
    const put = (p, v) => {
      counts.set(key(p.side, p.store ? 'store' : p.house), v);
      this.setCount(p.side, p.store ? 'store' : p.house, v);
    };
    for (const side of ['south', 'north']) {
      before.houses[side].forEach((c, i) => counts.set(key(side, i + 1), c));
      counts.set(key(side, 'store'), before.stores[side]);
    }
    this.setPosition(before);
    this.setHighlights({ from });
    let inHand = get(from);
    this.moveHand(from, inHand, false);
    put(from, 0);
    await sleep(delay);
    for (const p of sown) {
      inHand -= 1;
      this.moveHand(p, inHand);
      await sleep(delay);
      put(p, get(p) + 1);
      this.onDrop?.();
      const pit = this.pit(p);
      pit?.classList.add('is-sowing');
      setTimeout(() => pit?.classList.remove('is-sowing'), delay);
    }
    this.hideHand();
    const store = { side: entry.mover, store: true };
    if (entry.capture) {
      const mine = { side: entry.mover, house: Number(entry.capture.house) };
      const opposite = { side: other(entry.mover), house: this.n + 1 - mine.house };
      this.setHighlights({ from, capture: [mine, opposite] });
      await sleep(delay * 2);
      const taken = get(mine) + get(opposite);
      this.moveHand(opposite, taken, false);
      put(opposite, 0);
      put(mine, 0);
      this.moveHand(store, taken);
      await sleep(delay * 2);
      put(store, get(store) + taken);
      this.onDrop?.();
      this.hideHand();
    }
    if (entry.extra_turn && !entry.ended) {
      this.pit(store)?.classList.add('is-extra');
      await sleep(delay * 2);
      this.pit(store)?.classList.remove('is-extra');
    }
    if (entry.sweep) {
      this.setHighlights({ from, sweep: true });
      for (const side of ['south', 'north']) {
        for (let i = 1; i <= this.n; i++) if (get({ side, house: i })) this.pit({ side, house: i })?.classList.add('is-swept');
      }
      await sleep(delay * 3);
      for (const pit of this.pits.values()) pit.classList.remove('is-swept');
    }
    this.setPosition(after);
    this.el.classList.remove('is-animating');
  }

  /**
   * Puts the board back to rest after an animation that stopped half-way: no hand over a pit,
   * no sowing, extra-turn or sweep marks. The counts are the caller's to set.
   */
  stopAnimation() {
    this.hideHand();
    this.el.classList.remove('is-animating');
    for (const pit of this.pits.values()) pit.classList.remove('is-sowing', 'is-extra', 'is-swept');
  }

  pit(p) {
    return this.pits.get(key(p.side, p.store ? 'store' : p.house));
  }

  /** Puts the travelling hand (showing `seeds`) over pit `p`; `glide` false jumps there. */
  moveHand(p, seeds, glide = true) {
    const pit = this.pit(p);
    if (!pit) return;
    const x = pit.offsetLeft + pit.offsetWidth / 2;
    const y = pit.offsetTop + pit.offsetHeight / 2;
    this.hand.hidden = false;
    this.hand.classList.toggle('glide', glide);
    this.hand.textContent = seeds > 0 ? String(seeds) : '';
    this.hand.style.transform = `translate(${x.toFixed(1)}px, ${y.toFixed(1)}px) translate(-50%, -50%)`;
  }

  hideHand() {
    this.hand.hidden = true;
  }
}

/** Draws up to MAX_DOTS beads on a sunflower spiral inside a pit. */
function drawDots(container, seeds, isStore) {
  const shown = Math.min(seeds, MAX_DOTS);
  const dots = [];
  for (let k = 0; k < shown; k++) {
    const r = shown === 1 ? 0 : 34 * Math.sqrt((k + 0.5) / shown);
    const a = k * 2.39996;
    const x = 50 + r * Math.cos(a);
    const y = 50 + r * Math.sin(a) * (isStore ? 1.1 : 1);
    const dot = document.createElement('span');
    dot.className = `dot c${k % BEAD_COLOURS}`;
    dot.style.left = `${x.toFixed(1)}%`;
    dot.style.top = `${y.toFixed(1)}%`;
    dots.push(dot);
  }
  container.replaceChildren(...dots);
}
