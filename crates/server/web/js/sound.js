// Optional move sounds: a short wooden click for each seed dropped, made with Web Audio (no
// sound files). Off unless the player switches them on (prefs.sound); the audio context is
// created on first use, after the click that turned sound on.

import { prefs } from './prefs.js';

let context = null;

function audio() {
  if (!context) {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return null;
    context = new Ctx();
  }
  if (context.state === 'suspended') context.resume().catch(() => {});
  return context;
}

/** Two short beeps when the player's clock runs low (only when sounds are on). */
export function lowTimeSound() {
  if (!prefs.sound) return;
  const ctx = audio();
  if (!ctx) return;
  for (const start of [0, 0.18]) {
    const at = ctx.currentTime + start;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'sine';
    osc.frequency.setValueAtTime(880, at);
    gain.gain.setValueAtTime(0.1, at);
    gain.gain.exponentialRampToValueAtTime(0.001, at + 0.12);
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + 0.13);
  }
}

/** Returns {drop()}: plays one click when sounds are on, else nothing. */
export function moveSound() {
  return {
    drop() {
      if (!prefs.sound) return;
      const ctx = audio();
      if (!ctx) return;
      const now = ctx.currentTime;
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'triangle';
      osc.frequency.setValueAtTime(660 + Math.random() * 120, now);
      osc.frequency.exponentialRampToValueAtTime(220, now + 0.07);
      gain.gain.setValueAtTime(0.12, now);
      gain.gain.exponentialRampToValueAtTime(0.001, now + 0.09);
      osc.connect(gain).connect(ctx.destination);
      osc.start(now);
      osc.stop(now + 0.1);
    },
  };
}
