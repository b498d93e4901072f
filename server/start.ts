/**
 * `npm start`: builds the site when the build is missing or older than its sources, then serves it
 * with the waitlist REST stand-in (see serve.ts for the environment it reads).
 */
import {buildIfStale} from './build-state';

buildIfStale(process.env.BUILD_DIR ?? 'build');
void import('./serve');
