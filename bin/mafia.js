#!/usr/bin/env node
// Runs the TypeScript CLI through tsx's loader, so `npx mafia` works straight from a checkout.
import { register } from 'tsx/esm/api';

register();
await import('../functions/cli/mafia.ts');
