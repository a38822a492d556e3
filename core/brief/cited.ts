// A statement of a brief with the citations of the ids it names: what every part of the material is made of.
import type { Citation } from '../schemas/brief.js';

export interface Cited<T> {
  item: T;
  cites: Citation[];
}
