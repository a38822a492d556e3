// Types of bin/dist-state.mjs, which stays plain JavaScript: it runs before anything is compiled.
export const ROOT: string;
export const DIST: string;
export const STAMP: string;
export const CODE_DIRS: string[];
export const TEST_DIRS: string[];
export const BUNDLES: Record<string, string>;
export function staleness(withTests?: boolean): string | null;
