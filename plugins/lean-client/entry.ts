/**
 * The browser bundle's entry: Docusaurus's own entry, spread over a few tasks. Evaluating
 * `main.js` was one 25–35 ms task (100–140 ms on Lighthouse's 4× slower phone), longer than the
 * whole blocking-time budget. Here React DOM sets itself up as the script runs; the router and
 * head manager, the routes and their registry, and then Docusaurus's entry (app, the page's chunks,
 * hydration) each run in a later task. Modules run once, so the entry finds them ready. The
 * imports are `eager`: they are in this bundle, not separate requests.
 */
import 'react-dom/client';

const steps = [
  () =>
    Promise.all([
      import(/* webpackMode: "eager" */ 'react-router-dom'),
      import(/* webpackMode: "eager" */ 'react-helmet-async'),
    ]),
  () =>
    Promise.all([
      import(/* webpackMode: "eager" */ '@generated/registry'),
      import(/* webpackMode: "eager" */ '@generated/routes'),
    ]),
  () => import(/* webpackMode: "eager" */ '@docusaurus/core/lib/client/clientEntry'),
];

function next(): void {
  const step = steps.shift();
  if (step) setTimeout(() => void step().then(next), 0);
}
next();
