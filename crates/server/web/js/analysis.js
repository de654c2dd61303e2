// /analysis: import a game record (or paste a position), step through it and see the
// exact value of every move. `?game=ID` opens a game of this server.

import { h, replace } from './dom.js';
import { api, meta } from './api.js';
import { t, sideName } from './i18n.js';
import { Board } from './board.js';
import { parsePosition, startPosition, formatPosition } from './position.js';
import { showError, announce } from './views.js';
import { highlightsOf, resultText } from './gamestate.js';
import { historyBar, renderMoveList } from './history.js';
import { presetName } from './home.js';
import { rulesBody, valuesFromAnalysis, hintSentence, lineText } from './analysis-common.js';

export async function analysisView(main, ctx) {
  let info = { presets: [] };
  try {
    info = await meta();
  } catch (_) {
    // the preset list only helps with pasted positions; carry on without it
  }
  const view = new AnalysisView(main, ctx, info);
  const gameId = ctx.query.get('game');
  if (gameId) await view.loadGame(gameId);
  return view;
}

class AnalysisView {
  constructor(main, ctx, info) {
    this.main = main;
    this.ctx = ctx;
    this.presets = info.presets || [];
    this.cache = new Map();
    this.data = null; // {rules, start_position, history, ply, status, result}
    this.shown = 0;
    this.build();
    this.load(this.emptyData(), false);
    this.onKey = (e) => this.handleKey(e);
    document.addEventListener('keydown', this.onKey);
  }

  dispose() {
    this.disposed = true;
    document.removeEventListener('keydown', this.onKey);
  }

  emptyData(rules) {
    const r = rules || (this.presets[0] && this.presets[0].rules) || { houses: 6, seeds: 4 };
    const start = formatPosition(startPosition(r.houses || 6, r.seeds || 4));
    return { rules: { preset: 'standard', ...r }, start_position: start, position: start, history: [], status: 'playing', result: null };
  }

  build() {
    this.boardSlot = h('div', { class: 'board-wrap' });
    this.statusLine = h('p', { class: 'turn-line', role: 'status' });
    this.valueBox = h('div', { class: 'hint-line', 'aria-live': 'polite' });
    this.errorSlot = h('div', { class: 'error-slot' });
    this.movesList = h('ol', { class: 'moves-list' });
    this.history = historyBar((to) => {
      if (to === 'first') this.goTo(0);
      else if (to === 'back') this.goTo(this.shown - 1);
      else if (to === 'forward') this.goTo(this.shown + 1);
      else this.goTo(this.total());
    });
    this.historyBar = this.history.el;
    this.resetButton = h('button', { type: 'button', class: 'button small', hidden: true, onClick: () => this.load(this.original, false, true) }, t('analysis-reset'));
    this.historyBar.append(this.resetButton);
    this.recordInput = h('textarea', { id: 'record-input', rows: 7, spellcheck: 'false', placeholder: '[Kalah "1"]\n[Rules "houses=6 seeds=4 ..."]\n\n3-6 2 …' });
    const file = h('input', {
      type: 'file',
      id: 'record-file',
      accept: '.txt,.kalah,text/plain',
      onChange: async (e) => {
        const f = e.target.files && e.target.files[0];
        if (!f) return;
        this.recordInput.value = await f.text();
        this.importRecord();
      },
    });
    this.positionInput = h('input', { type: 'text', id: 'position-input', spellcheck: 'false', placeholder: '<6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S' });
    this.presetSelect = h('select', { id: 'position-preset', 'aria-label': t('preset-label') }, this.presets.map((p) => h('option', { value: p.name }, presetName(p.name))));
    replace(
      this.main,
      h(
        'div',
        { class: 'game-page analysis-page' },
        h(
          'div',
          { class: 'game-main' },
          h('h1', {}, t('analysis-heading')),
          h('p', { class: 'note' }, t('analysis-intro'), ' ', t('analysis-play-hint')),
          this.boardSlot,
          h('div', { class: 'status-box' }, this.statusLine),
          this.historyBar,
          this.valueBox,
          this.errorSlot,
        ),
        h(
          'aside',
          { class: 'game-side' },
          h('section', { class: 'card moves' }, h('h2', {}, t('moves-heading')), this.movesList),
          h(
            'section',
            { class: 'card' },
            h('h2', {}, t('analysis-import-heading')),
            h('label', { for: 'record-input' }, t('analysis-import-label')),
            this.recordInput,
            h('div', { class: 'button-row' }, h('button', { type: 'button', class: 'button primary', id: 'import-button', onClick: () => this.importRecord() }, t('analysis-import-button'))),
            h('label', { for: 'record-file', class: 'file-label' }, t('analysis-import-file')),
            file,
          ),
          h(
            'section',
            { class: 'card' },
            h('h2', {}, t('analysis-position-heading')),
            h('label', { for: 'position-input' }, t('analysis-position-label')),
            this.positionInput,
            h('div', { class: 'field' }, h('label', { for: 'position-preset' }, t('preset-label')), this.presetSelect),
            h('div', { class: 'button-row' }, h('button', { type: 'button', class: 'button', id: 'position-button', onClick: () => this.showPositionInput() }, t('analysis-position-button'))),
          ),
        ),
      ),
    );
  }

  total() {
    return this.data ? this.data.history.length : 0;
  }

  load(data, announceIt = true, keepOriginal = false) {
    this.data = Array.isArray(data.history) ? data : { ...data, history: [] };
    if (!keepOriginal) this.original = this.data;
    this.branch = null;
    const pos = parsePosition(this.data.start_position);
    if (!this.board || this.board.n !== pos.n) {
      this.board = new Board({
        n: pos.n,
        bottom: 'south',
        ariaLabel: t('board-label'),
        label: (kind, side, house, seeds) =>
          kind === 'store' ? t('store-aria-side', { side: sideName(side), seeds }) : t('house-aria-side', { side: sideName(side), house, seeds }),
        onPlay: (house) => this.tryMove(String(house)),
      });
      replace(this.boardSlot, this.board.el);
    }
    this.goTo(this.total());
    if (announceIt) announce(t('analysis-heading'));
  }

  async loadGame(id) {
    try {
      const record = await api.record(id);
      this.recordInput.value = record;
      await this.importRecord();
    } catch (e) {
      showError(this.errorSlot, e);
    }
  }

  async importRecord() {
    this.errorSlot.replaceChildren();
    const text = this.recordInput.value.trim();
    if (!text) return;
    try {
      const parsed = await api.parseRecord(text);
      if (this.disposed) return;
      this.load(parsed);
    } catch (e) {
      showError(this.errorSlot, e);
    }
  }

  showPositionInput() {
    this.errorSlot.replaceChildren();
    const text = this.positionInput.value.trim();
    const pos = parsePosition(text);
    if (!pos) {
      showError(this.errorSlot, t('analysis-bad-position'));
      return;
    }
    const preset = this.presets.find((p) => p.name === this.presetSelect.value);
    const rules = { ...(preset ? preset.rules : {}), preset: preset ? preset.name : 'standard', houses: pos.n };
    this.load({ rules, start_position: text, position: text, history: [], status: 'playing', result: null });
  }

  positionText(ply) {
    if (ply <= 0) return this.data.start_position;
    return this.data.history[ply - 1].position;
  }

  goTo(ply) {
    this.shown = Math.max(0, Math.min(this.total(), ply));
    const pos = parsePosition(this.positionText(this.shown));
    if (pos) this.board.setPosition(pos);
    this.board.setHighlights(highlightsOf(this.data.history[this.shown - 1], this.board.n));
    this.render();
    this.updatePlayable(pos);
    this.analyze();
  }

  /** Houses of the side to move with seeds can be tried, unless the game is over here. */
  updatePlayable(pos) {
    const over = this.shown === this.total() && this.data.status && this.data.status !== 'playing';
    if (!pos || over || this.busy) {
      this.board.setPlayable(null);
      return;
    }
    const houses = new Set(pos.houses[pos.toMove].map((c, i) => (c > 0 ? i + 1 : 0)).filter(Boolean));
    this.board.setPlayable({ side: pos.toMove, houses });
  }

  /**
   * Tries a move from the shown position. The server plays it in a one-screen game started
   * from that position (so the rules are the server's own); the line after the shown
   * position is replaced by the new one.
   */
  async tryMove(move) {
    if (this.busy) return;
    this.busy = true;
    this.errorSlot.replaceChildren();
    const from = this.shown;
    try {
      if (!this.branch || this.branch.base + this.branch.ply !== from) {
        const created = await api.createGame({
          rules: rulesBody(this.data.rules),
          opponent: { kind: 'local' },
          position: this.positionText(from),
        });
        this.branch = { id: created.id, token: created.token, base: from, ply: 0 };
      }
      const g = await api.move(this.branch.id, this.branch.token, move, this.branch.ply);
      if (this.disposed) return;
      const base = this.branch.base;
      this.branch.ply = g.ply;
      this.data = {
        ...this.data,
        history: this.data.history.slice(0, base).concat(g.history.map((e) => ({ ...e, ply: e.ply + base }))),
        status: g.status,
        result: g.result,
      };
      this.busy = false;
      this.goTo(base + g.ply);
      announce(this.statusLine.textContent);
    } catch (e) {
      this.busy = false;
      this.branch = null;
      showError(this.errorSlot, e);
      this.goTo(from);
    }
  }

  handleKey(e) {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    const tag = (e.target && e.target.tagName) || '';
    if (['INPUT', 'TEXTAREA', 'SELECT'].includes(tag)) return;
    if (e.target && e.target.closest && e.target.closest('.board')) return;
    if (e.key === 'ArrowLeft') this.goTo(this.shown - 1);
    else if (e.key === 'ArrowRight') this.goTo(this.shown + 1);
    else if (e.key === 'Home') this.goTo(0);
    else if (e.key === 'End') this.goTo(this.total());
    else return;
    e.preventDefault();
  }

  render() {
    const total = this.total();
    const pos = parsePosition(this.positionText(this.shown));
    const atEnd = this.shown === total;
    const over = atEnd && this.data.status && this.data.status !== 'playing';
    this.statusLine.textContent = over ? resultText(this.data, null) : t('turn-side', { side: sideName(pos.toMove) });
    this.history.update(this.shown, total, this.data.history);
    this.resetButton.hidden = !this.original || this.data === this.original || this.original.history.length === 0;
    renderMoveList(this.movesList, this.data.history, this.shown, (ply) => this.goTo(ply), t('analysis-empty'));
  }

  async analyze() {
    const posText = this.positionText(this.shown);
    const pos = parsePosition(posText);
    const over = this.shown === this.total() && this.data.status && this.data.status !== 'playing';
    this.board.setValues(null, null);
    if (over) {
      this.valueBox.textContent = t('analysis-game-over');
      return;
    }
    const key = `${JSON.stringify(rulesBody(this.data.rules))} ${posText}`;
    let result = this.cache.get(key);
    if (!result) {
      this.valueBox.textContent = t('analysis-thinking');
      try {
        result = await api.analyze(rulesBody(this.data.rules), posText, 2000);
        this.cache.set(key, result);
      } catch (e) {
        if (this.disposed || this.positionText(this.shown) !== posText) return;
        this.valueBox.replaceChildren();
        showError(this.errorSlot, e, () => this.analyze());
        return;
      }
    }
    if (this.disposed || this.positionText(this.shown) !== posText) return;
    this.board.setValues(pos.toMove, valuesFromAnalysis(result));
    replace(
      this.valueBox,
      h('p', { id: 'analysis-sentence' }, hintSentence(result, sideName(pos.toMove))),
      result.pv && result.pv.length ? h('p', { class: 'note' }, t('analysis-pv', { line: lineText(result, pos.toMove) })) : null,
      h('p', { class: 'note' }, t('hint-explain')),
    );
  }
}
