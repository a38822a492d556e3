#!/usr/bin/env node
// The `tapewire` command. The sources are TypeScript run through tsx, as everywhere in this project (threads register
// it in their own: server/db-host.mjs, workers/boot.mjs); a compiled build would import its JavaScript here instead.
import { register } from 'tsx/esm/api';

register();
await import('../server/cli/tapewire.ts');
