// Live clocks: the server's times left (as of its timestamp) counted down in the page. The
// server's clock is the truth; this only shows it between its messages.

/** Below this a clock shows tenths and warns. */
export const LOW_MS = 10000;

export class Clocks {
  constructor() {
    this.base = null;
  }

  /**
   * Takes the game's `clock` as the server wrote it; `latencyMs` is the estimated time the
   * message spent on its way (half a round trip), so the count goes on from the server's now.
   */
  update(clock, latencyMs = 0, now = performance.now()) {
    this.base = clock ? { ...clock, seen: now - Math.max(0, latencyMs) } : null;
  }

  /** Time left of `side` at `now` (ms, on performance.now()'s scale), or null without a clock. */
  left(side, now = performance.now()) {
    const b = this.base;
    if (!b) return null;
    const ms = b.running === side ? b[side] - (now - b.seen) : b[side];
    return Math.max(0, ms);
  }

  /** {side, ms} while a first move is awaited (the game is aborted when ms reaches 0). */
  firstMove(now = performance.now()) {
    const f = this.base && this.base.first_move;
    if (!f) return null;
    return { side: f.side, ms: Math.max(0, f.left_ms - (now - this.base.seen)) };
  }
}

/** 3:05, 0:09.4 under 10 s, 1:02:03 over an hour, 2d 03h over a day. */
export function formatClock(ms) {
  const s = Math.floor(ms / 1000);
  if (s >= 86400) return `${Math.floor(s / 86400)}d ${String(Math.floor((s % 86400) / 3600)).padStart(2, '0')}h`;
  const mm = String(Math.floor((s % 3600) / 60));
  const ss = String(s % 60).padStart(2, '0');
  if (s >= 3600) return `${Math.floor(s / 3600)}:${mm.padStart(2, '0')}:${ss}`;
  if (ms < LOW_MS) return `${mm}:${ss}.${Math.floor((ms % 1000) / 100)}`;
  return `${mm}:${ss}`;
}
