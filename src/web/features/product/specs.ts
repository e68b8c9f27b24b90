/** A product's specs as its form edits them and its row answers them. */
export type Option = { name: string; priceDelta: string; stock: number | null };
export type Group = { name: string; options: Option[] };
