/** Where an object lives: at a byte offset, or as the `index`th object of object stream `stream`. */
export type XrefEntry =
  | { type: "offset"; offset: number; generation: number }
  | { type: "compressed"; stream: number; index: number };
