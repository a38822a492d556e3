// The profiles source: reference data curated in Tapewire's profiles format (sectors, companies, people, projects).
// It has no feed of its own: an operator imports files with `tapewire import profiles <files>`.
import { PROFILES_SOURCE, parseProfilesPayload } from '../../../core/sources/profiles/index.js';
import type { Source } from '../source.js';

export const profilesSource: Source = {
  name: PROFILES_SOURCE,
  description: 'curated sectors, companies, people and projects in the profiles format (import only)',
  settings: () => ({ on: false, intervalsMs: {}, credentials: [] }),
  parse: parseProfilesPayload,
};
