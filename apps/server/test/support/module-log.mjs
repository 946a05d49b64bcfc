// Loaded with `node --import` into a child process: writes the URL of every module the process
// loads to the file named by GRAFTMATCH_MODULE_LOG, so a test can see what a start really ran.
import { register } from 'node:module';

register('./module-log-hooks.mjs', import.meta.url);
