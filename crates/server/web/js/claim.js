// The claim box of a game between people on a clock: when the opponent's connection is gone,
// a countdown of the grace period, then a button to claim the game (POST /api/games/{id}/claim).
// The server sends who is away in `presence` messages on the game's socket (docs/api.md).

import { h } from './dom.js';
import { t } from './i18n.js';

export class ClaimBox {
  /**
   * `claim()` sends the claim and answers when it is done; `say(text)` announces to screen
   * readers.
   */
  constructor({ claim, say }) {
    this.claim = claim;
    this.say = say;
    // By side: the page's time (performance.now()) from which the side's player may be
    // claimed against, or null while they are connected.
    this.claimAt = { south: null, north: null };
    this.sending = false;
    this.state = 'hidden';
    this.text = h('p', { class: 'claim-text', id: 'claim-text' });
    this.button = h('button', { type: 'button', class: 'button primary', id: 'claim-button', hidden: true, onClick: () => this.send() }, t('claim-button'));
    this.el = h('div', { class: 'claim-box', id: 'claim-box', hidden: true }, this.text, this.button);
  }

  /** Takes a `presence` message of the game's socket. */
  setPresence(msg) {
    const now = performance.now();
    for (const side of ['south', 'north']) {
      const away = msg.away && msg.away[side];
      this.claimAt[side] = away ? now + Math.max(0, away.claim_in_ms) : null;
    }
  }

  /**
   * Shows the box for the player `me` of the game `g` (hidden for spectators, other games,
   * and while the opponent is connected); call often, it counts down.
   */
  update(g, me) {
    const opponent = me === 'south' ? 'north' : me === 'north' ? 'south' : null;
    const at = opponent && g.status === 'playing' && g.opponent === 'friend' && g.clock ? this.claimAt[opponent] : null;
    let state = 'hidden';
    let seconds = 0;
    if (at !== null) {
      seconds = Math.ceil((at - performance.now()) / 1000);
      state = seconds > 0 ? 'waiting' : 'ready';
    }
    if (state !== this.state) {
      // Said once when the opponent leaves and once when the claim opens, not every second.
      if (state === 'waiting') this.say(t('claim-opponent-left'));
      if (state === 'ready') this.say(t('claim-ready'));
      this.state = state;
    }
    this.el.hidden = state === 'hidden';
    this.button.hidden = state !== 'ready';
    this.button.disabled = this.sending;
    const text = state === 'waiting' ? t('claim-wait', { seconds }) : state === 'ready' ? t('claim-ready') : '';
    if (this.text.textContent !== text) this.text.textContent = text;
  }

  async send() {
    if (this.sending) return;
    this.sending = true;
    this.button.disabled = true;
    try {
      await this.claim();
    } finally {
      this.sending = false;
      this.button.disabled = false;
    }
  }
}

/** The sentence for a refused claim (ApiError), in the page's language. */
export function claimRefusal(err) {
  const code = err && err.code;
  if (code === 'opponent_connected') return t('claim-refused-back');
  if (code === 'too_early') {
    const m = /in (\d+) s/.exec(err.detail || '');
    return t('claim-refused-early', { seconds: m ? Number(m[1]) : 1 });
  }
  return null;
}
