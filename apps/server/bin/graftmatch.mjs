#!/usr/bin/env node
// Runs the TypeScript sources in this same process (signals reach the server directly).
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
