#!/usr/bin/env node
// Runs the TypeScript CLI through tsx's loader, so `npx mafia` works straight from a checkout.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../functions/cli/mafia.ts');
process.exitCode = await main(process.argv.slice(2));
