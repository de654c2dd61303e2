// The rules core's position string: `<n,S,N,s1..sn,n1..nn> X [pie=first|pie=offer]`.
// South's and North's houses are each listed from their owner's left (house 1) to the
// house next to their own store (house n).

export const SIDES = ['south', 'north'];

export function other(side) {
  return side === 'south' ? 'north' : 'south';
}

/** Parses a position; returns null when the text is not a position. */
export function parsePosition(text) {
  const m = /^\s*<([^>]*)>\s*([SsNn])(?:\s+(pie=first|pie=offer))?\s*$/.exec(String(text || ''));
  if (!m) return null;
  const nums = m[1].split(',').map((s) => s.trim());
  if (!nums.every((s) => /^\d+$/.test(s))) return null;
  const values = nums.map(Number);
  const n = values[0];
  if (n < 1 || n > 16 || values.length !== 3 + 2 * n) return null;
  return {
    n,
    stores: { south: values[1], north: values[2] },
    houses: { south: values.slice(3, 3 + n), north: values.slice(3 + n) },
    toMove: m[2].toUpperCase() === 'S' ? 'south' : 'north',
    pie: m[3] ? m[3].slice(4) : 'off',
  };
}

export function formatPosition(pos) {
  const nums = [pos.n, pos.stores.south, pos.stores.north, ...pos.houses.south, ...pos.houses.north];
  const pie = pos.pie && pos.pie !== 'off' ? ` pie=${pos.pie}` : '';
  return `<${nums.join(',')}> ${pos.toMove === 'south' ? 'S' : 'N'}${pie}`;
}

export function clonePosition(pos) {
  return {
    ...pos,
    stores: { ...pos.stores },
    houses: { south: [...pos.houses.south], north: [...pos.houses.north] },
  };
}

/** The start position of rules with `houses` and `seeds`. */
export function startPosition(houses, seeds, toMove = 'south') {
  return {
    n: houses,
    stores: { south: 0, north: 0 },
    houses: { south: Array(houses).fill(seeds), north: Array(houses).fill(seeds) },
    toMove,
    pie: 'off',
  };
}
