/** A round top for an axis holding `max` (1, 2, 2.5 or 5 times a power of ten), and its ticks. */
export function niceScale(max: number, ticks = 5): { top: number; step: number; values: number[] } {
  if (!(max > 0)) return { top: 1, step: 0.2, values: [0, 0.2, 0.4, 0.6, 0.8, 1] };
  const raw = max / ticks;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
  const top = Math.ceil(max / step) * step;
  const values: number[] = [];
  for (let v = 0; v <= top + step / 2; v += step) values.push(Number(v.toPrecision(12)));
  return { top, step, values };
}

/** A fixed, seeded series (the charts look the same on every visit). */
export function demoSeries(seed: number, length: number, min: number, max: number): number[] {
  let state = seed;
  return Array.from({ length }, () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return Math.round(min + (state / 2_147_483_648) * (max - min));
  });
}
