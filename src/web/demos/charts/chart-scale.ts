/** A fixed, seeded series (the charts look the same on every visit). */
export function demoSeries(seed: number, length: number, min: number, max: number): number[] {
  let state = seed;
  return Array.from({ length }, () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return Math.round(min + (state / 2_147_483_648) * (max - min));
  });
}
